// The driver json-parse.sh compiles together with one revision's JSON reader (swiftc -O): the request path's
// reading or, with `-D MATTER`, the device file's. With `-D UNIFIED` (a revision with the `JSON` module) both are
// `JSONParser`, the device file's with `options: .deviceFile`; before it they were SmartHomeProtocol's
// `JSONParser` and MatterModel's `JSONReader`.
//
//   driver file PATH ITERATIONS   median CPU ns per parse of the file's bytes over 5 rounds of ITERATIONS parses
//   driver wide COUNT             CPU seconds to parse one object of COUNT members with short keys ("a1b":0)
import Foundation

func parse(_ bytes: [UInt8]) -> Bool {
    #if UNIFIED && MATTER
    return (try? JSONParser.parse(bytes, options: .deviceFile)) != nil
    #elseif MATTER
    return (try? JSONReader.parse(bytes)) != nil
    #else
    return (try? JSONParser.parse(bytes)) != nil
    #endif
}

/// CPU seconds `work` took on this thread: other processes on a shared machine do not count.
func cpuSeconds(_ work: () -> Void) -> Double {
    var start = timespec()
    var end = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
    work()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
    return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
}

let arguments = CommandLine.arguments
switch arguments.count == 4 ? arguments[1] : arguments.count == 3 ? arguments[1] : "" {
case "file":
    let bytes = Array(FileManager.default.contents(atPath: arguments[2]) ?? Data())
    let iterations = Int(arguments[3]) ?? 10_000
    precondition(parse(bytes), "\(arguments[2]) does not parse")
    var rounds: [Double] = []
    for _ in 0..<5 {
        var parsed = 0
        let elapsed = cpuSeconds {
            for _ in 0..<iterations where parse(bytes) { parsed += 1 }
        }
        precondition(parsed == iterations)
        rounds.append(elapsed * 1e9 / Double(iterations))
    }
    print(String(format: "%.0f", rounds.sorted()[2]))
case "wide":
    let count = Int(arguments[2]) ?? 10_000
    var text = "{"
    for number in 0..<count {
        if number > 0 { text += "," }
        text += "\"\(String(number, radix: 36))\":0"
    }
    text += "}"
    let bytes = Array(text.utf8)
    var ok = false
    let elapsed = cpuSeconds { ok = parse(bytes) }
    precondition(ok, "the wide object does not parse")
    print(String(format: "%.3f %d", elapsed, bytes.count))
default:
    print("usage: driver file PATH ITERATIONS | driver wide COUNT")
    exit(2)
}
