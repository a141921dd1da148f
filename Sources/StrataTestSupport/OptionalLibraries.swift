import StrataServe
import Testing

extension Trait where Self == ConditionTrait {
    /// Runs a test or suite only where libmicrohttpd loads (the server of `strata serve` and the explorer's `S`),
    /// and skips it elsewhere with the reason, which names the library and how to install it. `.ci/run` fails when
    /// a test is skipped for it on CI, which installs the library.
    public static var needsLibmicrohttpd: Self {
        .enabled(if: HTTPServer.unavailableReason == nil, Comment(rawValue: HTTPServer.unavailableReason ?? ""))
    }
}
