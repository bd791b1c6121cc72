import Foundation

/// SHA-256 (FIPS 180-4), because the toolchain alone has no hash on Linux.
/// The runner hashes source contents to decide what to rebuild: contents, not
/// timestamps, so an edit saved right after a check is never missed.
///
///     SHA256.hex(Data("abc".utf8))  // "ba7816bf…"
public struct SHA256: Sendable {
    private var state: [UInt32] = [
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
        0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
    ]
    private var pending: [UInt8] = []
    private var length: UInt64 = 0

    public init() {}

    public mutating func update(_ data: Data) {
        update(bytes: [UInt8](data))
    }

    public mutating func update(_ text: String) {
        update(bytes: Array(text.utf8))
    }

    /// One part of a list, framed by its length: no two lists of parts hash alike, whatever bytes the parts hold (a
    /// separator such as NUL could be inside a part, and a file holding `A\0B.swift\0C` would hash like two files).
    public mutating func update(part data: Data) {
        var count = UInt64(data.count).bigEndian
        update(bytes: withUnsafeBytes(of: &count) { Array($0) })
        update(data)
    }

    public mutating func update(part text: String) {
        update(part: Data(text.utf8))
    }

    public mutating func update(bytes: [UInt8]) {
        length &+= UInt64(bytes.count)
        var offset = 0
        if !pending.isEmpty {
            let fill = min(64 - pending.count, bytes.count)
            pending.append(contentsOf: bytes[0..<fill])
            offset = fill
            guard pending.count == 64 else { return }
            pending.withUnsafeBufferPointer { compress($0.baseAddress!) }
            pending.removeAll(keepingCapacity: true)
        }
        bytes.withUnsafeBufferPointer { buffer in
            while buffer.count - offset >= 64 {
                compress(buffer.baseAddress! + offset)
                offset += 64
            }
        }
        pending.append(contentsOf: bytes[offset...])
    }

    public func finalize() -> [UInt8] {
        var copy = self
        let bitLength = length &* 8
        var tail = copy.pending + [0x80]
        while tail.count % 64 != 56 { tail.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        var offset = 0
        tail.withUnsafeBufferPointer { buffer in
            while offset < buffer.count {
                copy.compress(buffer.baseAddress! + offset)
                offset += 64
            }
        }
        return copy.state.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> UInt32(24 - 8 * $0)) } }
    }

    public func hexDigest() -> String {
        finalize().map { String(format: "%02x", $0) }.joined()
    }

    public static func hex(_ data: Data) -> String {
        var hash = SHA256()
        hash.update(data)
        return hash.hexDigest()
    }

    public static func hex(_ text: String) -> String { hex(Data(text.utf8)) }

    /// One 64-byte block. Written with raw pointers and locals: the debug build (`swift run kata`) runs it too.
    private mutating func compress(_ block: UnsafePointer<UInt8>) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
            for i in 0..<16 {
                let j = i &* 4
                w[i] = UInt32(block[j]) << 24 | UInt32(block[j &+ 1]) << 16 | UInt32(block[j &+ 2]) << 8 | UInt32(block[j &+ 3])
            }
            for i in 16..<64 {
                let x = w[i &- 15], y = w[i &- 2]
                let s0 = (x >> 7 | x << 25) ^ (x >> 18 | x << 14) ^ (x >> 3)
                let s1 = (y >> 17 | y << 15) ^ (y >> 19 | y << 13) ^ (y >> 10)
                w[i] = w[i &- 16] &+ s0 &+ w[i &- 7] &+ s1
            }
            state.withUnsafeMutableBufferPointer { state in
                Self.k.withUnsafeBufferPointer { k in
                    var a = state[0], b = state[1], c = state[2], d = state[3]
                    var e = state[4], f = state[5], g = state[6], h = state[7]
                    for i in 0..<64 {
                        let s1 = (e >> 6 | e << 26) ^ (e >> 11 | e << 21) ^ (e >> 25 | e << 7)
                        let choice = (e & f) ^ (~e & g)
                        let t1 = h &+ s1 &+ choice &+ k[i] &+ w[i]
                        let s0 = (a >> 2 | a << 30) ^ (a >> 13 | a << 19) ^ (a >> 22 | a << 10)
                        let majority = (a & b) ^ (a & c) ^ (b & c)
                        let t2 = s0 &+ majority
                        h = g; g = f; f = e; e = d &+ t1
                        d = c; c = b; b = a; a = t1 &+ t2
                    }
                    state[0] &+= a; state[1] &+= b; state[2] &+= c; state[3] &+= d
                    state[4] &+= e; state[5] &+= f; state[6] &+= g; state[7] &+= h
                }
            }
        }
    }

    private static let k: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]
}

