// Placeholder: filled by the NcursesBackend work.
