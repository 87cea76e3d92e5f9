"""notes: a small command-line tool that keeps notes in a file, and greets its users with tour."""
