// Placeholder: filled by the StrataUI work.
