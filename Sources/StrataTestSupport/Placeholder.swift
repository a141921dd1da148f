// Placeholder: filled by the StrataTestSupport work.
