import TrendshTestSupport

/// The model test's generator: the test support's SplitMix64, so a seed replays the same
/// sequence on every machine and every toolchain.
typealias ModelRandom = SeededGenerator
