import Foundation
import Testing

@testable import TermGrid

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite struct SVGTests {
    func sampleBuffer() -> Buffer {
        var buffer = Buffer(width: 30, height: 3)
        buffer.render(Block(title: "<Routes> & \"more\"", isFocused: true), in: buffer.area)
        buffer.setString("中文 😀 ok", x: 1, y: 1, style: Style(foreground: .indexed(208), background: .blue).bold)
        buffer.setString("\u{1B}[2J", x: 12, y: 1, style: Style().reverse.italic.underline.dim)
        return buffer
    }

    @Test("the SVG is well-formed XML")
    func wellFormed() throws {
        let svg = sampleBuffer().svg(fontSize: 14)
        let parser = XMLParser(data: Data(svg.utf8))
        let ok = parser.parse()
        #expect(ok, "\(String(describing: parser.parserError))")
        #expect(parser.parserError == nil)
    }

    @Test("text is XML-escaped and colours come from the palette")
    func content() {
        let svg = sampleBuffer().svg()
        #expect(svg.contains("&lt;Routes&gt; &amp; &quot;more&quot;"))
        #expect(svg.contains(Color.hex(208)))
        #expect(svg.contains("fill=\"\(Color.hex(4))\""))  // blue background run
        #expect(svg.contains(">中</text>"))
        #expect(svg.contains("font-weight=\"bold\""))
        #expect(svg.contains("␛[2J"))
        #expect(!svg.contains("\u{1B}"))
    }

    @Test("the palette has the xterm cube and grey ramp")
    func palette() {
        #expect(Color.rgb(16) == (0, 0, 0))
        #expect(Color.rgb(231) == (255, 255, 255))
        #expect(Color.rgb(196) == (255, 0, 0))
        #expect(Color.rgb(232) == (8, 8, 8))
        #expect(Color.hex(21) == "#0000ff")
        #expect(Color.indexed(196).nearestBasic == .red)
        #expect(Color.indexed(12).nearestBasic == .blue)
        #expect(Color.indexed(3).normalized == .yellow)
    }
}
