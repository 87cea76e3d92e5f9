// libFuzzer entry for the keys target; the check itself is FuzzChecks.keyDecoder.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzChecks.keyDecoder(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
