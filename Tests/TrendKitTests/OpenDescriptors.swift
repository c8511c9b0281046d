#if canImport(Glibc)
    import Glibc
#endif

/// This process's open descriptors, as `/proc/self/fd` lists them.
enum OpenDescriptors {
    /// The descriptor open on `path`, if one is.
    static func descriptor(openOn path: String) -> Int32? {
        (0..<Int32(4096)).first { descriptor in
            var target = [CChar](repeating: 0, count: 4096)
            let length = readlink("/proc/self/fd/\(descriptor)", &target, target.count - 1)
            guard length > 0 else { return false }
            return String(decoding: target[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) == path
        }
    }
}
