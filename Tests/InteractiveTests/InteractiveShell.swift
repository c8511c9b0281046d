import Testing

/// Every test here starts the real binary in a pseudo-terminal. They run one at a time, so a
/// loaded two-core machine still answers well within each wait.
@Suite(.serialized) enum InteractiveShell {}
