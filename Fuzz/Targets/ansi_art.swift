// libFuzzer entry for the ansi_art target; the check itself is FuzzChecks.ansiArt.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let failures = FuzzChecks.ansiArt(Array(UnsafeBufferPointer(start: data, count: size)))
    if let first = failures.first { fatalError(first) }
    return 0
}
