/// yaml-test-suite cases libyaml (0.2.5, Debian) is known to get wrong, by case id, with the reason. Read by
/// `YAMLConformanceTests`: a listed case that passes fails the test, so the list stays true.
///
/// libfyaml 0.7.12 passed all 402 but corrupts memory on malformed input (an 8-byte stream, `?\n -:\t-\n`, found by
/// our fuzzer: a double free while scanning a complex key), and Strata reads YAML from servers, so libyaml is linked.
enum YAMLKnownFailures {
    static let cases: [String: String] = [
        "2JQS": "rejects valid YAML (Block Mapping with Missing Keys): did not find expected key",
        "2LFX": "rejects valid YAML (Spec Example 6.13. Reserved Directives [1.3]): found unknown directive name",
        "2SXE": "rejects valid YAML (Anchors With Colon in Name): mapping values are not allowed in this context",
        "4ABK": "rejects valid YAML (Flow Mapping Separate Values): found unexpected ':'",
        "4MUZ/00": "rejects valid YAML (Flow mapping colon on line after key): did not find expected ',' or '}'",
        "4MUZ/01": "rejects valid YAML (Flow mapping colon on line after key): did not find expected ',' or '}'",
        "4MUZ/02": "rejects valid YAML (Flow mapping colon on line after key): did not find expected ',' or '}'",
        "58MP": "rejects valid YAML (Flow mapping edge cases): did not find expected node content",
        "5MUD": "rejects valid YAML (Colon and adjacent value on next line): did not find expected ',' or '}'",
        "5T43":
            "rejects valid YAML (Colon at the beginning of adjacent flow scalar): did not find expected node content",
        "652Z": "reads a different value: Question mark at start of flow key",
        "6BCT": "rejects valid YAML (Spec Example 6.3. Separation Spaces): found character that cannot start any token",
        "6CA3": "rejects valid YAML (Tab indented top flow): found character that cannot start any token",
        "6LVF": "rejects valid YAML (Spec Example 6.13. Reserved Directives): found unknown directive name",
        "6M2F": "rejects valid YAML (Aliases in Explicit Block Mapping): did not find expected key",
        "7Z25": "rejects valid YAML (Bare document after document end marker): did not find expected <document start>",
        "8XYN":
            "rejects valid YAML (Anchor with unicode character): did not find expected alphabetic or numeric character",
        "96NN/00":
            "rejects valid YAML (Leading tab content in literals): found a tab character where an indentation"
            + " space is expected",
        "96NN/01":
            "rejects valid YAML (Leading tab content in literals): found a tab character where an indentation"
            + " space is expected",
        "9C9N": "accepts invalid YAML: Wrong indented flow sequence",
        "9HCY": "accepts invalid YAML: Need document footer before directives",
        "9JBA": "accepts invalid YAML: Invalid comment after end of flow sequence",
        "9SA2": "rejects valid YAML (Multiline double quoted flow mapping key): did not find expected ',' or '}'",
        "A2M4":
            "rejects valid YAML (Spec Example 6.2. Indentation Indicators): found character that cannot start"
            + " any token",
        "BEC7": "rejects valid YAML (Spec Example 6.14. “YAML” directive): found incompatible YAML document",
        "CFD4":
            "rejects valid YAML (Empty implicit key in single pair flow sequences): did not find expected node content",
        "CVW2": "accepts invalid YAML: Invalid comment after comma",
        "DBG4": "rejects valid YAML (Spec Example 7.10. Plain Characters): did not find expected node content",
        "DK3J":
            "rejects valid YAML (Zero indented block scalar with line that looks like a comment): did not find"
            + " expected <document start>",
        "DK95/00": "rejects valid YAML (Tabs that look like indentation): found character that cannot start any token",
        "DK95/01": "accepts invalid YAML: Tabs that look like indentation",
        "DK95/03": "rejects valid YAML (Tabs that look like indentation): found character that cannot start any token",
        "DK95/04":
            "rejects valid YAML (Tabs that look like indentation): found a tab character that violates indentation",
        "EB22": "accepts invalid YAML: Missing document-end marker before directive",
        "FP8R": "rejects valid YAML (Zero indented block scalar): did not find expected <document start>",
        "FRK4": "rejects valid YAML (Spec Example 7.3. Completely Empty Flow Nodes): found unexpected ':'",
        "G5U8": "accepts invalid YAML: Plain dashes in flow sequence",
        "HM87/00": "rejects valid YAML (Scalars in flow start with syntax char): did not find expected node content",
        "HM87/01": "reads a different value: Scalars in flow start with syntax char",
        "HWV9": "rejects valid YAML (Document-end marker): did not find expected node content",
        "JEF9/02": "reads a different value: Trailing whitespace in streams",
        "K3WX":
            "rejects valid YAML (Colon and adjacent value after comment on next line): did not find expected ','"
            + " or '}'",
        "L24T/01": "reads a different value: Trailing line of spaces",
        "M2N8/00": "rejects valid YAML (Question mark edge cases): did not find expected key",
        "M7A3": "rejects valid YAML (Spec Example 9.3. Bare Documents): did not find expected <document start>",
        "MUS6/00": "accepts invalid YAML: Directive variants",
        "MUS6/01": "accepts invalid YAML: Directive variants",
        "MUS6/05": "rejects valid YAML (Directive variants): found unknown directive name",
        "MUS6/06": "rejects valid YAML (Directive variants): found unknown directive name",
        "NHX8": "rejects valid YAML (Empty Lines at End of Document): did not find expected key",
        "NJ66": "rejects valid YAML (Multiline plain flow mapping key): did not find expected ',' or '}'",
        "NKF9": "rejects valid YAML (Empty keys in block and flow mapping): did not find expected key",
        "Q5MG":
            "rejects valid YAML (Tab at beginning of line followed by a flow mapping): found character that"
            + " cannot start any token",
        "QB6E": "accepts invalid YAML: Wrong indented multiline quoted scalar",
        "QT73": "rejects valid YAML (Comment and document-end marker): did not find expected node content",
        "R4YG":
            "rejects valid YAML (Spec Example 8.2. Block Indentation Indicator): found a tab character where an"
            + " indentation space is expected",
        "RHX7": "accepts invalid YAML: YAML directive without document end marker",
        "S3PD": "rejects valid YAML (Spec Example 8.18. Implicit Block Mapping Entries): did not find expected key",
        "S98Z": "accepts invalid YAML: Block scalar with more spaces than first content line",
        "SM9W/01": "rejects valid YAML (Single character streams): did not find expected key",
        "SU5Z": "accepts invalid YAML: Comment without whitespace after doublequoted scalar",
        "UKK6/00": "rejects valid YAML (Syntax character edge cases): did not find expected key",
        "UT92": "rejects valid YAML (Spec Example 9.4. Explicit Documents): did not find expected ',' or '}'",
        "VJP3/01": "rejects valid YAML (Flow collections over many lines): did not find expected ',' or '}'",
        "W4TN": "rejects valid YAML (Spec Example 9.5. Directives Documents): could not find expected directive name",
        "W5VH":
            "rejects valid YAML (Allowed characters in alias): did not find expected alphabetic or numeric character",
        "X4QW": "accepts invalid YAML: Comment without whitespace after block scalar indicator",
        "Y2GN": "reads a different value: Anchor with colon in the middle",
        "Y79Y/001":
            "rejects valid YAML (Tabs in various contexts): found a tab character where an indentation space is"
            + " expected",
        "Y79Y/003": "accepts invalid YAML: Tabs in various contexts",
        "Y79Y/010": "rejects valid YAML (Tabs in various contexts): found character that cannot start any token",
        "YJV2": "accepts invalid YAML: Dash in flow sequence",
    ]
}
