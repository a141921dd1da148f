// Placeholder: filled by the TermGrid work.
