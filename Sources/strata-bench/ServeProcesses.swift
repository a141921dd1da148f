import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The servers `strata-bench serve` measures as separate processes: `strata serve` started as a user starts it
/// (the release binary beside this one, its output going to a file), and nginx as the ceiling.
enum ServeProcesses {
    /// A server process and the URL it answers on.
    struct Running {
        let process: Process
        let url: String

        /// Stops the process (SIGTERM, then waits).
        func stop() {
            if process.isRunning {
                process.terminate()
                process.waitUntilExit()
            }
        }
    }

    /// `strata serve SESSION --port PORT ARGUMENTS` (a free port), its stdout and stderr going to `output` (a file,
    /// or `/dev/null`); waits until it accepts connections.
    static func strataServe(session: String, arguments: [String], output: String) throws -> Running {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("strata").path
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw BenchError("\(binary) is missing: build it with `swift build -c release` (all products)")
        }
        if !FileManager.default.fileExists(atPath: output) {
            _ = FileManager.default.createFile(atPath: output, contents: nil)
        }
        let sink = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        let port = try freePort()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["serve", session, "--port", String(port)] + arguments
        process.standardOutput = sink
        process.standardError = sink
        process.standardInput = FileHandle.nullDevice
        try process.run()
        try? sink.close()
        let running = Running(process: process, url: "http://127.0.0.1:\(port)")
        for _ in 0..<1500 {
            if answers(port: port) { return running }
            if !process.isRunning { break }
            usleep(20_000)
        }
        running.stop()
        throw BenchError("strata serve did not start: \((try? String(contentsOfFile: output, encoding: .utf8)) ?? "")")
    }

    /// A port on 127.0.0.1 that nothing listens on now.
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw BenchError("socket: errno \(errno)") }
        defer { close(fd) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound else { throw BenchError("no free port: errno \(errno)") }
        return Int(UInt16(bigEndian: addr.sin_port))
    }

    /// nginx serving the folder `root` on `port`, with its access log written to `accessLog` (as `strata serve`
    /// writes its journal), or nil when nginx is not installed.
    static func nginx(root: String, accessLog: String, workDirectory: String) throws -> Running? {
        guard
            let nginx = ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/opt/homebrew/bin/nginx"].first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else { return nil }
        try FileManager.default.createDirectory(atPath: workDirectory, withIntermediateDirectories: true)
        let port = try freePort()
        let config = """
            \(geteuid() == 0 ? "user root;" : "")
            worker_processes auto;
            pid \(workDirectory)/nginx.pid;
            error_log \(workDirectory)/error.log;
            events { worker_connections 1024; }
            http {
                access_log \(accessLog);
                client_body_temp_path \(workDirectory);
                proxy_temp_path \(workDirectory);
                fastcgi_temp_path \(workDirectory);
                uwsgi_temp_path \(workDirectory);
                scgi_temp_path \(workDirectory);
                default_type application/json;
                keepalive_requests 1000000;
                server { listen 127.0.0.1:\(port); root \(root); }
            }
            """
        try config.write(toFile: workDirectory + "/nginx.conf", atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: nginx)
        process.arguments = ["-c", workDirectory + "/nginx.conf", "-p", workDirectory, "-g", "daemon off;"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let url = "http://127.0.0.1:\(port)"
        for _ in 0..<250 {
            if answers(port: port) { return Running(process: process, url: url) }
            if !process.isRunning { break }
            usleep(20_000)
        }
        Running(process: process, url: url).stop()
        throw BenchError("nginx did not start; see \(workDirectory)/error.log")
    }

    /// True when something accepts connections on 127.0.0.1:`port`.
    static func answers(port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = in_port_t(UInt16(port).bigEndian)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    /// The resident memory of process `pid` now, in KB (`VmRSS`), or 0.
    static func residentKB(_ pid: Int32) -> Int {
        guard let s = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return 0 }
        for line in s.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "0") ?? 0
        }
        return 0
    }
}
