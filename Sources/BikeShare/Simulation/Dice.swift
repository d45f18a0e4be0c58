/// A rider's own dice: a SplitMix64 generator seeded from `(seed, rider)`.
///
/// The generator and the way a station is drawn are written out here rather
/// than borrowed from the standard library, so the sequence of station picks
/// for a seed and a rider is the same in every era, every run and on every
/// platform. Only the interleaving of riders differs between runs.
public struct RiderDice: RandomNumberGenerator, Sendable {
  private var state: UInt64

  public init(seed: UInt64, rider: Int) {
    state = Self.mix(seed ^ Self.mix(UInt64(truncatingIfNeeded: rider) &+ 0x632B_E59B_D9B4_E019))
  }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    return Self.mix(state)
  }

  /// A station index drawn uniformly from `0..<count` (the current one included).
  public mutating func station(among count: Int) -> Int {
    precondition(count > 0, "a city needs at least one station")
    // Lemire's multiply-and-reject: unbiased, one multiplication in the common case.
    let bound = UInt64(count)
    var product = next().multipliedFullWidth(by: bound)
    if product.low < bound {
      let threshold = (0 &- bound) % bound
      while product.low < threshold { product = next().multipliedFullWidth(by: bound) }
    }
    return Int(product.high)
  }

  private static func mix(_ value: UInt64) -> UInt64 {
    var z = value
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
