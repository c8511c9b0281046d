/// SplitMix64: the tests' one small seeded generator, so a seed replays the same run on every
/// machine and every toolchain (the standard library's generator is not seeded).
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    /// The state; a run that prints it can be replayed from it.
    public private(set) var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A number in `0..<count`.
    public mutating func below(_ count: Int) -> Int { Int(next() % UInt64(count)) }

    /// One of `choices`.
    public mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }

    /// True once in `count` times.
    public mutating func oneIn(_ count: Int) -> Bool { below(count) == 0 }
}
