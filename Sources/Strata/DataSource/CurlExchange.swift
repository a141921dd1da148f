import CCurl
import Foundation
import StrataDocuments

/// One live send over a libcurl easy handle, run on a thread of its own: every hop of its redirects (followed
/// here, one at a time, so ``RedirectPolicy`` decides what each hop carries), the headers in wire order and case,
/// the body up to its limit, and the timing of the last hop.
///
/// Cancelling resumes the waiting send at once; the transfer itself stops at libcurl's next progress call.
final class CurlExchange: @unchecked Sendable {
    /// The most redirects followed before giving up (curl's `--max-redirs` default is 50, browsers use 20).
    static let maximumRedirects = 20

    private let request: BuiltRequest
    private let cookies: CookieJar?
    private let observer: TransferObserver?
    /// Where body bytes go instead of memory (a file being recorded), or nil to keep them in the response.
    private let sink: Int32?
    private let lock = NSLock()
    private var cancelled = false
    private var continuation: CheckedContinuation<Result<Response, TransportError>, Never>? = nil
    private var early: Result<Response, TransportError>? = nil
    private var done = false

    // State of the hop in progress, touched only by the transfer thread.
    private var headerFields: [HTTPHeaders.Field] = []
    private var body: [UInt8] = []
    private var received = 0
    private var truncated = false
    private var status = 0
    private var hopIndex = 0
    private var handle: UnsafeMutableRawPointer? = nil
    private var sinkError: Int32? = nil

    /// A send of `request`, keeping cookies in `cookies` and reporting progress to `observer`; with a `sink`, the
    /// body is written to that file descriptor as it arrives (from its start, again for each redirect hop) and the
    /// response's body is empty.
    init(request: BuiltRequest, cookies: CookieJar?, observer: TransferObserver? = nil, sink: Int32? = nil) {
        self.request = request
        self.cookies = cookies
        self.observer = observer
        // Its own descriptor for the file: a cancelled send returns at once while the transfer thread may still
        // write, and the caller's descriptor may be closed (and its number reused) by then.
        self.sink = sink.map { dup($0) }
    }

    deinit {
        if let sink, sink >= 0 { close(sink) }
    }

    /// The redacted URL errors name.
    private var shownURL: String { request.redactedLocation().url }

    // MARK: Waiting and cancelling

    /// Starts the transfer thread and resumes `c` once with its outcome (or with `cancelled` when cancelled first).
    func start(_ c: CheckedContinuation<Result<Response, TransportError>, Never>) {
        lock.lock()
        if let early {
            lock.unlock()
            c.resume(returning: early)
            return
        }
        continuation = c
        lock.unlock()
        let thread = Thread { [self] in finish(perform()) }
        thread.name = "strata-curl"
        thread.start()
    }

    /// Stops the transfer: the waiting send returns `cancelled` now; libcurl aborts at its next progress call.
    func cancel() {
        lock.withLock { cancelled = true }
        finish(.failure(.cancelled))
    }

    private var isCancelled: Bool { lock.withLock { cancelled } }

    /// Delivers the outcome once; later calls are ignored.
    private func finish(_ outcome: Result<Response, TransportError>) {
        lock.lock()
        guard !done else {
            lock.unlock()
            return
        }
        done = true
        let c = continuation
        continuation = nil
        if c == nil { early = outcome }
        lock.unlock()
        c?.resume(returning: outcome)
    }

    // MARK: The hops

    /// One response as libcurl delivered it.
    private struct Hop {
        var status: Int
        var headers: HTTPHeaders
        var body: [UInt8]
        var truncated: Bool
        var location: String?
        var timing: Response.Timing
    }

    /// Sends the request and follows its redirects; runs on the transfer thread.
    private func perform() -> Result<Response, TransportError> {
        guard strata_curl_global_init() == 0 else {
            return .failure(.connection(url: shownURL, detail: CurlExchange.unavailable))
        }
        guard let handle = strata_curl_easy_init() else {
            return .failure(.connection(url: shownURL, detail: "libcurl could not make a transfer handle"))
        }
        defer { strata_curl_easy_cleanup(handle) }
        let loaded = cookies?.load(into: handle)
        let start = ContinuousClock.now
        let deadline = start + .milliseconds(Int64(request.timeout * 1000))
        let policy = RedirectPolicy(for: request)
        var url = request.url
        var method = request.method
        var headers = request.headers
        var body = request.body
        var redirects: [Response.Redirect] = []
        while true {
            let remaining = deadline - ContinuousClock.now
            if remaining <= .zero { return .failure(.timedOut(url: shownURL, seconds: request.timeout)) }
            let isLast = redirects.count == CurlExchange.maximumRedirects
            let hop: Hop
            hopIndex = redirects.count
            switch transfer(
                handle, url: url, method: method, headers: headers, body: body, remaining: remaining,
                cookies: loaded != nil)
            {
            case .success(let h): hop = h
            case .failure(let e): return .failure(e)
            }
            if [301, 302, 303, 307, 308].contains(hop.status), let location = hop.location, !isLast {
                let keepsMethod = hop.status == 307 || hop.status == 308
                let resendsBody = keepsMethod && !(body ?? []).isEmpty
                if let next = policy.follow(to: location, headers: headers, resendsBody: resendsBody) {
                    redirects.append(
                        Response.Redirect(
                            status: hop.status, from: request.redacting(url), to: request.redacting(location)))
                    if !keepsMethod && (hop.status == 303 ? method != "HEAD" : method == "POST") {
                        method = "GET"
                        body = nil
                        headers = HTTPHeaders(
                            next.headers.fields.filter {
                                !["content-type", "content-length"].contains($0.name.lowercased())
                            })
                    } else {
                        headers = next.headers
                    }
                    url = next.url
                    continue
                }
            }
            if let loaded, let cookies { cookies.store(from: handle, loaded: loaded) }
            return .success(
                Response(
                    status: hop.status, headers: hop.headers, body: hop.body, duration: ContinuousClock.now - start,
                    origin: .live(url: request.redacting(url), redirects: redirects), timing: hop.timing,
                    truncated: hop.truncated))
        }
    }

    /// One request on `handle`.
    private func transfer(
        _ handle: UnsafeMutableRawPointer, url: String, method: String, headers requestHeaders: HTTPHeaders,
        body requestBody: [UInt8]?, remaining: Duration, cookies: Bool
    ) -> Result<Hop, TransportError> {
        strata_curl_easy_reset(handle)
        headerFields = []
        body = []
        received = 0
        truncated = false
        status = 0
        self.handle = handle
        defer { self.handle = nil }
        if let sink {
            _ = ftruncate(sink, 0)
            _ = lseek(sink, 0, SEEK_SET)
        }
        let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        defer { errorBuffer.deallocate() }
        var list: UnsafeMutablePointer<curl_slist>? = nil
        defer { strata_curl_slist_free_all(list) }
        let settings = request.transport
        let me = Unmanaged.passUnretained(self).toOpaque()

        _ = strata_curl_setopt_string(handle, CURLOPT_URL, url)
        _ = strata_curl_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
        _ = strata_curl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
        _ = strata_curl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 0)
        _ = strata_curl_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, "")
        _ = strata_curl_setopt_long(handle, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2TLS))
        _ = strata_curl_setopt_long(handle, CURLOPT_SUPPRESS_CONNECT_HEADERS, 1)
        let remainingMs = max(1, CurlExchange.milliseconds(remaining))
        _ = strata_curl_setopt_long(handle, CURLOPT_TIMEOUT_MS, remainingMs)
        _ = strata_curl_setopt_long(
            handle, CURLOPT_CONNECTTIMEOUT_MS, min(remainingMs, max(1, Int(settings.connectTimeout * 1000))))
        _ = strata_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer)
        _ = strata_curl_setopt_long(handle, CURLOPT_NOPROGRESS, 0)
        _ = strata_curl_setopt_xferinfo_callback(handle) { user, _, _, _, _ in
            Unmanaged<CurlExchange>.fromOpaque(user!).takeUnretainedValue().isCancelled ? 1 : 0
        }
        _ = strata_curl_setopt_pointer(handle, CURLOPT_XFERINFODATA, me)
        _ = strata_curl_setopt_data_callback(handle, CURLOPT_HEADERFUNCTION) { data, size, count, user in
            let n = size * count
            Unmanaged<CurlExchange>.fromOpaque(user!).takeUnretainedValue().header(
                UnsafeRawBufferPointer(start: data, count: n))
            return n
        }
        _ = strata_curl_setopt_pointer(handle, CURLOPT_HEADERDATA, me)
        _ = strata_curl_setopt_data_callback(handle, CURLOPT_WRITEFUNCTION) { data, size, count, user in
            let n = size * count
            return Unmanaged<CurlExchange>.fromOpaque(user!).takeUnretainedValue().receive(
                UnsafeRawBufferPointer(start: data, count: n))
        }
        _ = strata_curl_setopt_pointer(handle, CURLOPT_WRITEDATA, me)
        if cookies { _ = strata_curl_setopt_string(handle, CURLOPT_COOKIEFILE, "") }
        if settings.insecure {
            _ = strata_curl_setopt_long(handle, CURLOPT_SSL_VERIFYPEER, 0)
            _ = strata_curl_setopt_long(handle, CURLOPT_SSL_VERIFYHOST, 0)
        }
        if let caFile = settings.caFile { _ = strata_curl_setopt_string(handle, CURLOPT_CAINFO, caFile) }
        if let proxy = settings.proxy { _ = strata_curl_setopt_string(handle, CURLOPT_PROXY, proxy) }

        switch method {
        case "GET" where requestBody == nil: _ = strata_curl_setopt_long(handle, CURLOPT_HTTPGET, 1)
        case "HEAD": _ = strata_curl_setopt_long(handle, CURLOPT_NOBODY, 1)
        default: _ = strata_curl_setopt_string(handle, CURLOPT_CUSTOMREQUEST, method)
        }
        let sendsBody = requestBody != nil || ["POST", "PUT", "PATCH"].contains(method)
        if sendsBody {
            let bytes = requestBody ?? []
            _ = strata_curl_setopt_off_t(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(bytes.count))
            var copy = bytes
            copy.append(0)  // never empty, so the pointer is never nil
            copy.withUnsafeMutableBytes { raw in
                // COPYPOSTFIELDS copies POSTFIELDSIZE bytes, so the array need not outlive this call.
                _ = strata_curl_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, raw.baseAddress)
            }
        }
        // Exactly the headers the request holds: libcurl's own Accept, Expect and form Content-Type are removed.
        for field in requestHeaders.fields {
            list = strata_curl_slist_append(
                list, field.value.isEmpty ? "\(field.name);" : "\(field.name): \(field.value)")
        }
        var suppressed = ["Expect"]
        if requestHeaders["Accept"] == nil { suppressed.append("Accept") }
        if sendsBody && requestHeaders["Content-Type"] == nil { suppressed.append("Content-Type") }
        for name in suppressed { list = strata_curl_slist_append(list, "\(name):") }
        _ = strata_curl_setopt_slist(handle, CURLOPT_HTTPHEADER, list)

        let code = strata_curl_easy_perform(handle)
        let detail = CurlExchange.detail(code, errorBuffer)
        if isCancelled { return .failure(.cancelled) }
        if let sinkError {
            return .failure(
                .recording("cannot write the body of \(shownURL) to disk: \(String(cString: strerror(sinkError)))"))
        }
        if code != CURLE_OK && !(code == CURLE_WRITE_ERROR && truncated) {
            var osError = 0
            _ = strata_curl_getinfo_long(handle, CURLINFO_OS_ERRNO, &osError)
            return .failure(error(code, detail: detail, osError: Int32(osError)))
        }
        var responseCode = 0
        _ = strata_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &responseCode)
        var location: UnsafeMutablePointer<CChar>? = nil
        _ = strata_curl_getinfo_string(handle, CURLINFO_REDIRECT_URL, &location)
        let hop = Hop(
            status: responseCode, headers: HTTPHeaders(headerFields), body: body, truncated: truncated,
            location: location.map { String(cString: $0) }, timing: CurlExchange.timing(handle))
        body = []
        return .success(hop)
    }

    // MARK: Callbacks (transfer thread)

    /// One header line: a status line starts a new response (after `100 Continue`), a blank line ends the block.
    private func header(_ line: UnsafeRawBufferPointer) {
        var end = line.count
        while end > 0 && (line[end - 1] == 0x0A || line[end - 1] == 0x0D) { end -= 1 }
        let bytes = UnsafeRawBufferPointer(rebasing: line[0..<end])
        if bytes.starts(with: "HTTP/".utf8) {
            headerFields = []
            // `HTTP/1.1 200 OK`, `HTTP/2 200`: the code is the second word.
            let words = bytes.split(separator: 0x20, maxSplits: 2)
            status = words.count > 1 ? Int(String(decoding: words[1], as: UTF8.self)) ?? 0 : 0
            return
        }
        guard !bytes.isEmpty else {
            // The end of the header block: a final response (not `100 Continue`) is announced before its body.
            if status >= 200 { report([]) }
            return
        }
        if bytes[0] == 0x20 || bytes[0] == 0x09, let last = headerFields.indices.last {
            // An obsolete folded line continues the previous header's value.
            let more = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespaces)
            headerFields[last].value += " " + more
            return
        }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return }
        let name = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[0..<colon]), as: UTF8.self)
        let value = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[(colon + 1)...]), as: UTF8.self)
            .trimmingCharacters(in: .whitespaces)
        headerFields.append(HTTPHeaders.Field(name: name, value: value))
    }

    /// Body bytes: kept (or written to the sink) up to the limit; past it the transfer stops, marked truncated.
    private func receive(_ data: UnsafeRawBufferPointer) -> Int {
        let limit = request.transport.maxBodyBytes
        let room = max(0, limit - received)
        let kept = data.count <= room ? data : UnsafeRawBufferPointer(rebasing: data[0..<room])
        if !kept.isEmpty, let sink {
            guard AtomicFile.writeAll(kept, to: sink) else {
                sinkError = errno
                return 0
            }
        } else if !kept.isEmpty {
            if body.count + kept.count > body.capacity {
                // A declared length is reserved at once (up to the limit), so a large body is never moved while it
                // grows; otherwise grow by doubling, never past the limit (at most twice its size, while moving).
                var declared: curl_off_t = -1
                if body.isEmpty, let handle {
                    _ = strata_curl_getinfo_off_t(handle, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &declared)
                }
                let wanted = declared > 0 ? Int(declared) : body.capacity * 2
                body.reserveCapacity(min(limit, max(wanted, body.count + kept.count, 16 * 1024)))
            }
            body.append(contentsOf: kept)
        }
        received += kept.count
        if !kept.isEmpty { report(Array(kept)) }
        if kept.count < data.count {
            truncated = true
            return 0
        }
        return data.count
    }

    /// Tells the observer what arrived: `chunk`, with the counts so far.
    private func report(_ chunk: [UInt8]) {
        guard let observer, let handle, !isCancelled else { return }
        var transferred: curl_off_t = 0
        var length: curl_off_t = -1
        _ = strata_curl_getinfo_off_t(handle, CURLINFO_SIZE_DOWNLOAD_T, &transferred)
        _ = strata_curl_getinfo_off_t(handle, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &length)
        observer(
            TransferProgress(
                hop: hopIndex, status: status, headers: HTTPHeaders(headerFields), chunk: chunk, received: received,
                transferred: Int(transferred), expected: length >= 0 ? Int(length) : nil))
    }

    // MARK: Results

    /// The phases of the last transfer on `handle`, from libcurl's cumulative timers.
    private static func timing(_ handle: UnsafeMutableRawPointer) -> Response.Timing {
        func micros(_ info: CURLINFO) -> Int64 {
            var v: curl_off_t = 0
            _ = strata_curl_getinfo_off_t(handle, info, &v)
            return Int64(v)
        }
        let dns = micros(CURLINFO_NAMELOOKUP_TIME_T)
        let connect = max(dns, micros(CURLINFO_CONNECT_TIME_T))
        let tlsDone = micros(CURLINFO_APPCONNECT_TIME_T)
        let ready = max(connect, tlsDone, micros(CURLINFO_PRETRANSFER_TIME_T))
        let first = max(ready, micros(CURLINFO_STARTTRANSFER_TIME_T))
        let total = max(first, micros(CURLINFO_TOTAL_TIME_T))
        return Response.Timing(
            dns: .microseconds(dns), connect: .microseconds(connect - dns),
            tls: .microseconds(tlsDone > 0 ? max(0, tlsDone - connect) : 0), firstByte: .microseconds(first - ready),
            download: .microseconds(total - first), total: .microseconds(total))
    }

    /// libcurl's message for a failure: the error buffer when it says something, else the code's text.
    private static func detail(_ code: CURLcode, _ buffer: UnsafeMutablePointer<CChar>) -> String {
        let text = String(cString: buffer).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? String(cString: strata_curl_easy_strerror(code)) : text
    }

    /// A libcurl failure as a one-line transport error naming the (redacted) URL.
    private func error(_ code: CURLcode, detail raw: String, osError: Int32) -> TransportError {
        let url = shownURL
        let detail = request.redacting(raw.replacingOccurrences(of: "\n", with: " "))
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST: return .hostNotFound(url: url)
        case CURLE_COULDNT_CONNECT:
            return osError == ECONNREFUSED
                ? .connectionRefused(url: url) : .connection(url: url, detail: detail)
        case CURLE_OPERATION_TIMEDOUT:
            if detail.hasPrefix("Connection timed out") || detail.hasPrefix("Failed to connect") {
                return .connection(
                    url: url,
                    detail:
                        "could not connect within the connect timeout of \(TransportError.seconds(request.transport.connectTimeout)) (connectTimeout)"
                )
            }
            return .timedOut(url: url, seconds: request.timeout)
        case CURLE_PEER_FAILED_VERIFICATION:
            return .tls(
                url: url,
                detail:
                    "the server's certificate is not trusted (\(detail)); to trust it, give its CA with \"tls\": { \"caFile\": \"…\" } in session.json, or accept any certificate with \"tls\": { \"insecure\": true }"
            )
        case CURLE_SSL_CACERT_BADFILE:
            return .tls(url: url, detail: "the CA file cannot be used (\(detail))")
        case CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER, CURLE_SSL_ISSUER_ERROR,
            CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CRL_BADFILE,
            CURLE_SSL_SHUTDOWN_FAILED, CURLE_USE_SSL_FAILED, CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED,
            CURLE_SSL_ENGINE_INITFAILED, CURLE_SSL_CLIENTCERT:
            return .tls(url: url, detail: detail)
        case CURLE_GOT_NOTHING:
            return .connection(url: url, detail: "the server closed the connection without answering")
        case CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE:
            return .connection(url: url, detail: "the connection broke (\(detail))")
        case CURLE_COULDNT_RESOLVE_PROXY:
            return .connection(url: url, detail: "cannot resolve the proxy (\(detail))")
        case CURLE_URL_MALFORMAT, CURLE_UNSUPPORTED_PROTOCOL:
            return .invalidURL("'\(url)' cannot be requested (\(detail))")
        default: return .connection(url: url, detail: detail)
        }
    }

    /// Why libcurl is not ready, as the detail of a failed send: missing (with how to install it) or failing to
    /// initialise.
    static var unavailable: String {
        let reason = String(cString: strata_curl_load_error())
        return reason.hasPrefix("curl_global_init") ? reason : SystemLibrary.libcurl.missing(reason)
    }

    /// `d` in whole milliseconds, for libcurl's `_MS` options.
    static func milliseconds(_ d: Duration) -> Int {
        let c = d.components
        return Int(min(c.seconds, Int64(Int.max / 2000))) * 1000 + Int(c.attoseconds / 1_000_000_000_000_000)
    }
}
