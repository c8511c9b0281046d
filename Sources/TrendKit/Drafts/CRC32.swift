/// CRC-32 (IEEE 802.3, as zlib computes it), for the draft file's slot checksums.
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    static func checksum<Bytes: Sequence>(_ bytes: Bytes, startingWith seed: UInt32 = 0) -> UInt32
    where Bytes.Element == UInt8 {
        var crc = ~seed
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return ~crc
    }
}
