/// A 64-bit digest of a file's bytes, built as they stream past, to notice a file that
/// changed after its preview. Eight bytes per round in the style of xxHash64's single lane,
/// then its avalanche; fast enough to cost little beside parsing. Not cryptographic: it
/// guards against a changed file, not against an adversary, and the size and modification
/// time are compared as well.
struct ContentHash: Equatable, Sendable {
    private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9

    private var accumulator: UInt64 = 0x2745_4E44_5452_4E44
    private var tail: UInt64 = 0
    private var tailCount = 0
    private var length: UInt64 = 0

    @inline(__always)
    private static func round(_ accumulator: UInt64, _ word: UInt64) -> UInt64 {
        let mixed = accumulator &+ word &* prime2
        return ((mixed << 31) | (mixed >> 33)) &* prime1
    }

    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        length &+= UInt64(bytes.count)
        var index = 0
        while tailCount > 0 && tailCount < 8 && index < bytes.count {
            tail |= UInt64(bytes[index]) << UInt64(tailCount * 8)
            tailCount += 1
            index += 1
        }
        if tailCount == 8 {
            accumulator = Self.round(accumulator, tail)
            tail = 0
            tailCount = 0
        }
        while index + 8 <= bytes.count {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            accumulator = Self.round(accumulator, word)
            index += 8
        }
        while index < bytes.count {
            tail |= UInt64(bytes[index]) << UInt64(tailCount * 8)
            tailCount += 1
            index += 1
        }
    }

    /// The digest of everything added so far.
    var value: UInt64 {
        var hash = accumulator ^ length
        if tailCount > 0 { hash = Self.round(hash, tail ^ (UInt64(tailCount) << 56)) }
        hash ^= hash >> 33
        hash &*= Self.prime2
        hash ^= hash >> 29
        hash &*= Self.prime3
        hash ^= hash >> 32
        return hash
    }
}
