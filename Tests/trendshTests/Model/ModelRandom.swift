/// SplitMix64: a small seeded generator of the model test's own, so a seed replays the same
/// sequence on every machine and every toolchain.
struct ModelRandom: RandomNumberGenerator {
    private(set) var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A number in `0..<count`.
    mutating func below(_ count: Int) -> Int { Int(next() % UInt64(count)) }

    /// One of `choices`.
    mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }

    /// True once in `count` times.
    mutating func oneIn(_ count: Int) -> Bool { below(count) == 0 }
}
