import Testing

@testable import WeatherFetching
@testable import WeatherModel
@testable import WeatherPresentation
@testable import WeatherSources
@testable import WeatherSystem

@Suite("JSON over jansson")
struct JSONTests {
    func read(_ text: String) throws -> JSONReader {
        try JSONDocument(parsing: Array(text.utf8)).reader
    }

    @Test("reads objects, arrays and every scalar, keeping member order")
    func readsEverything() throws {
        let reader = try read(#"{"b":1,"a":[true,false,null],"c":2.5,"d":"x\u00e9"}"#)
        #expect(try reader.members().map(\.key) == ["b", "a", "c", "d"])
        #expect(try reader.int("b") == 1)
        let array = try reader.field("a").array()
        #expect(try array.prefix(2).map { try $0.bool() } == [true, false])
        #expect(array[2].kind == .null)
        #expect(try reader.double("c") == 2.5)
        #expect(try reader.string("d") == "xé")
        #expect(reader.kind == .object)
        #expect(reader.has("c") && !reader.has("z"))
    }

    @Test(
        "refuses what a strict parser must",
        arguments: [
            ("{\"a\":1} trailing", "end of file expected"),
            ("{\"a\":1,\"a\":2}", "duplicate object key"),
            ("{\"a\":\"x\\u0000y\"}", "\\u0000 is not allowed"),
            ("{\"a\":", "unexpected token near end of file"),
            ("{\"a\":\"x", "premature end of input"),
            ("", "end of file"),
            ("{\"a\":1e400}", "real number overflow"),
        ])
    func refusesBadText(text: String, expected: String) {
        #expect {
            _ = try read(text)
        } throws: { error in
            (error as? JSONSyntaxError)?.text.contains(expected) == true
        }
    }

    @Test("says where the syntax error is")
    func syntaxErrorPosition() {
        #expect(throws: JSONSyntaxError(text: "end of file expected near 'x'", line: 2, column: 1)) {
            _ = try read("{}\nx")
        }
    }

    @Test("writes compact JSON that reads back the same")
    func roundTrip() throws {
        var writer = JSONWriter()
        writer.object { writer in
            writer.field("name", "Zürich")
            writer.field("latitude", 47.36667)
            writer.field("count", 3)
            writer.field("ok", true)
            writer.field("absent", nil as String?)
            writer.object("nested") { writer in
                writer.field("first", 10.9)
                writer.field("second", -0.5)
            }
            writer.field("quote", "a\"b\n\u{1}")
            writer.field("infinite", Double.infinity)
            writer.field("converted", (51.6 - 32) * 5 / 9)
        }
        #expect(
            writer.text
                == #"{"name":"Zürich","latitude":47.36667,"count":3,"ok":true,"nested":{"first":10.9,"second":-0.5},"quote":"a\"b\n\u0001","infinite":null,"converted":10.88888888888889}"#
        )
        // Escapes first, last, side by side and between clean runs.
        var escapes = JSONWriter()
        escapes.object { $0.array("a", ["\"\\x\u{1F}\r\t yz\u{7F}é\n", "", "plain"]) }
        #expect(escapes.text == #"{"a":["\"\\x\u001f\r\t yz\#u{7F}é\n","","plain"]}"#)
        let reader = try JSONDocument(parsing: writer.bytes).reader
        #expect(try reader.string("name") == "Zürich")
        #expect(try reader.double("latitude") == 47.36667)
        #expect(try reader.field("nested").double("second") == -0.5)
        #expect(try reader.string("quote") == "a\"b\n\u{1}")
        #expect(try reader.double("converted") == (51.6 - 32) * 5 / 9, "every digit reads back")
    }

    @Test("a reader names the missing or mistyped field by its path")
    func readerNamesFields() throws {
        let reader = try read(#"{"current":{"time":5,"list":[{"x":"a"}]}}"#)
        #expect(throws: JSONShapeError.missing(path: "current.temperature_2m")) {
            _ = try reader.field("current").double("temperature_2m")
        }
        #expect(throws: JSONShapeError.mistyped(path: "current.time", expected: "a string", found: "a number")) {
            _ = try reader.field("current").string("time")
        }
        #expect(throws: JSONShapeError.mistyped(path: "current.list[0].x", expected: "a number", found: "a string")) {
            _ = try reader.field("current").field("list").array()[0].double("x")
        }
        #expect(throws: JSONShapeError.mistyped(path: "the document", expected: "an object", found: "an array")) {
            _ = try read("[]").field("x")
        }
        #expect(
            JSONShapeError.missing(path: "current.temperature_2m").description == "current.temperature_2m is missing")
    }

    @Test("optional fields treat absent, null and empty text alike")
    func optionalFields() throws {
        let reader = try read(#"{"a":null,"b":"","c":"x","n":900.0}"#)
        #expect(try reader.optionalString("a") == nil)
        #expect(try reader.optionalString("b") == nil)
        #expect(try reader.optionalString("c") == "x")
        #expect(try reader.optionalString("missing") == nil)
        #expect(try reader.int("n") == 900)
    }

    @Test("a reader keeps its document alive")
    func lifetime() throws {
        let field = try read(#"{"a":{"b":"kept"}}"#).field("a")
        #expect(try field.string("b") == "kept")
    }
}
