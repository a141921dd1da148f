#!/usr/bin/env python3
"""Writes the seed corpus of one fuzz target into a folder: `seeds.py TARGET OUTDIR` (run from the repository).

Sources: the string literals of Tests/**/*.swift, the files of Sessions/, and ../shared/conformance/json (and yaml,
openapi) when they exist (read in place, never copied into the repository). Generated property lists come from plistlib.
"""
import glob, hashlib, json, os, plistlib, re, sys

target, out = sys.argv[1], sys.argv[2]
seeds = []


def add(data):
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    if data and len(data) <= 65536:
        seeds.append(data)


def read(path):
    with open(path, "rb") as f:
        return f.read()


def unescape(s):
    return re.sub(r'\\(["\\nt0r])', lambda m: {"n": "\n", "t": "\t", "0": "\0", "r": "\r"}.get(m.group(1), m.group(1)), s)


def literals():
    """Multi-line literals (dedented by their closing delimiter) and one-line literals of the tests."""
    found = []
    for path in sorted(glob.glob("Tests/**/*.swift", recursive=True)):
        text = read(path).decode("utf-8", "replace")
        for m in re.finditer(r'"""\n(.*?)\n([ \t]*)"""', text, re.S):
            indent = m.group(2)
            lines = [l[len(indent):] if l.startswith(indent) else l.lstrip() for l in m.group(1).split("\n")]
            found.append(unescape("\n".join(lines)))
        for m in re.finditer(r'(?<!")"((?:[^"\\\n]|\\.){3,})"(?!")', text):
            found.append(unescape(m.group(1)))
    return found


def json_values():
    """Every JSON document among the literals and the session files, parsed."""
    docs = []
    for text in literals():
        try:
            docs.append(json.loads(text))
        except ValueError:
            pass
    for path in sorted(glob.glob("Sessions/**/*.json", recursive=True)):
        try:
            docs.append(json.loads(read(path)))
        except ValueError:
            pass
    return docs


def no_nulls(v):
    if isinstance(v, dict):
        return {str(k): no_nulls(x) for k, x in v.items() if x is not None}
    if isinstance(v, list):
        return [no_nulls(x) for x in v if x is not None]
    return v


def session_files():
    return sorted(glob.glob("Sessions/*/session.json"))


def fixture_files():
    return sorted(glob.glob("Sessions/*/fixtures/*.json"))


def conformance():
    return sorted(glob.glob("../shared/conformance/json/test_parsing/*.json"))


def response_bodies():
    bodies = []
    for path in fixture_files():
        try:
            doc = json.loads(read(path))
        except ValueError:
            continue
        for pairs in doc.values() if isinstance(doc, dict) else []:
            for pair in pairs if isinstance(pairs, list) else []:
                response = pair.get("response", {}) if isinstance(pair, dict) else {}
                body = response.get("body")
                if isinstance(body, str):
                    bodies.append(body.encode())
                elif body is not None:
                    bodies.append(json.dumps(body).encode())
                if isinstance(response.get("bodyFile"), str):
                    f = os.path.join(os.path.dirname(path), response["bodyFile"])
                    if os.path.isfile(f):
                        bodies.append(read(f))
    return bodies


lits = literals()
if target == "json":
    for p in conformance() + sorted(glob.glob("Sessions/**/*.json", recursive=True)):
        add(read(p))
    for t in lits:
        if t.lstrip()[:1] in ("{", "["):
            add(t)
elif target == "xml":
    for p in sorted(glob.glob("Sessions/**/*.xml", recursive=True)):
        add(read(p))
    for t in lits:
        if t.lstrip().startswith("<"):
            add(t)
elif target in ("plist-xml", "plist-binary"):
    fmt = plistlib.FMT_XML if target == "plist-xml" else plistlib.FMT_BINARY
    for v in json_values()[:200]:
        try:
            add(plistlib.dumps(no_nulls(v), fmt=fmt))
        except (TypeError, OverflowError, ValueError):
            pass
    import datetime
    sample = {"d": datetime.datetime(2024, 5, 1, 12), "b": b"hello", "f": 1.5, "i": -7, "big": 2**63 - 1,
              "t": True, "a": [1, "x", {}]}
    add(plistlib.dumps(sample, fmt=fmt))
    if fmt == plistlib.FMT_BINARY:  # a keyed archiver's UID exists only in binary lists
        add(plistlib.dumps({"u": plistlib.UID(3), **sample}, fmt=fmt))
    if target == "plist-xml":
        for t in lits:
            if "<plist" in t or "<dict" in t:
                add(t)
    else:
        for t in lits:
            if t.startswith("bplist"):
                add(t)
elif target == "yaml":
    for p in sorted(glob.glob("../shared/conformance/yaml/*/in.yaml") + glob.glob("../shared/conformance/yaml/*/*/in.yaml")
                    + glob.glob("../shared/conformance/openapi/*.yaml") + glob.glob("Sessions/**/*.y*ml", recursive=True)):
        add(read(p))
    for t in lits:
        if ": " in t or t.startswith("---") or t.startswith("- "):
            add(t)
elif target == "form":
    for t in lits:
        if "=" in t and "\n" not in t:
            add(t)
    for t in ("a=1&b=2", "q=red+shoes&page=1", "x=%41%zz&=&&y", "a[]=1&a[]=2", "k=v;k2=v2"):
        add(t)
elif target == "registry":
    pool = [read(p) for p in sorted(glob.glob("Sessions/**/*.*", recursive=True)) if os.path.isfile(p)]
    pool += [t.encode() for t in lits if len(t) > 8][:300]
    pool += [plistlib.dumps({"a": [1, 2]}, fmt=plistlib.FMT_BINARY)]
    for i, data in enumerate(pool):
        add(bytes([i % 15]) + data)
elif target == "session":
    for p in session_files():
        add(read(p))
    for t in lits:
        if '"routes"' in t:
            add(t)
elif target == "fixtures":
    for p in fixture_files():
        add(read(p))
    for t in lits:
        if '"response"' in t or '"request"' in t:
            add(t)
elif target == "mapping-config":
    for v in json_values():
        if isinstance(v, dict) and isinstance(v.get("mappings"), dict):
            add(json.dumps(v["mappings"], indent=1))
            for route in v.get("routes", []) if isinstance(v.get("routes"), list) else []:
                if isinstance(route, dict) and "map" in route:
                    add(json.dumps(route["map"]))
elif target == "mapper":
    for i, body in enumerate(response_bodies()):
        for k in range(16):
            add(bytes([(i + k) % 256]) + body)
elif target == "serve":
    for t in ("GET /items?page=2&key=x", "POST /items\nContent-Type: application/json\n\n{\"name\": \"Lamp\"}",
              "GET /items/7", "GET /items/8\nAccept: application/json", "GET /__strata/requests", "GET /__strata/health",
              "POST /__strata/reset", "OPTIONS /items\nOrigin: http://localhost:3000\nAccess-Control-Request-Method: PUT",
              "POST /items\nContent-Type: application/x-www-form-urlencoded\n\nname=Lamp&x=%zz", "GET /%2e%2e/etc/passwd"):
        add(t)
    for t in lits:
        if t.startswith("/") and len(t) < 200:
            add("GET " + t)
elif target == "query":
    # A pattern or query, a line break, then the text or document: the compliance suite's cases, the tests'
    # queries over a small document, and the regex tests' literals over a few texts.
    cts = "../shared/conformance/jsonpath/cts.json"
    if os.path.isfile(cts):
        for case in json.loads(read(cts)).get("tests", []):
            add(case.get("selector", "") + "\n" + json.dumps(case.get("document")))
    doc = json.dumps({"store": {"book": [{"title": "Rings", "author": "Tolkien", "price": 8}, {"title": "Moby"}]},
                      "s": ["aaab", "Жук", "a\u2028b", "x😀y"]})
    for t in lits:
        if t.startswith("$") and "\n" not in t:
            add(t + "\n" + doc)
    for path in sorted(glob.glob("Tests/**/IRegexp*.swift", recursive=True)):
        for m in re.finditer(r'(?<!")"((?:[^"\\\n]|\\.){1,})"(?!")', read(path).decode("utf-8")):
            add(unescape(m.group(1)) + "\naaab😀Ж1 \u2028.")
else:
    sys.exit("seeds.py: unknown target " + target)

os.makedirs(out, exist_ok=True)
for data in seeds:
    with open(os.path.join(out, hashlib.sha1(data).hexdigest()), "wb") as f:
        f.write(data)
print(f"seeds for {target}: {len(set(seeds))} inputs", file=sys.stderr)
