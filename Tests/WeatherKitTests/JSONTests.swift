import Testing
@testable import WeatherKit

@Suite("JSON over jansson")
struct JSONTests {
    @Test("parses objects, arrays and every scalar, keeping member order")
    func parsesEverything() throws {
        let json = try JSON.parse(Array(#"{"b":1,"a":[true,false,null],"c":2.5,"d":"x\u00e9"}"#.utf8))
        guard case .object(let object) = json else { Issue.record("not an object"); return }
        #expect(object.members.map(\.key) == ["b", "a", "c", "d"])
        #expect(object["b"] == .integer(1))
        #expect(object["a"] == .array([.bool(true), .bool(false), .null]))
        #expect(object["c"] == .number(2.5))
        #expect(object["d"] == .string("xé"))
    }

    @Test("refuses what a strict parser must", arguments: [
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
            _ = try JSON.parse(Array(text.utf8))
        } throws: { error in
            (error as? JSONSyntaxError)?.text.contains(expected) == true
        }
    }

    @Test("says where the syntax error is")
    func syntaxErrorPosition() {
        #expect(throws: JSONSyntaxError(text: "end of file expected near 'x'", line: 2, column: 1)) {
            _ = try JSON.parse(Array("{}\nx".utf8))
        }
    }

    @Test("writes compact JSON that reads back the same")
    func roundTrip() throws {
        let value: JSON = .object([
            "name": "Zürich", "latitude": .number(47.36667), "count": .integer(3), "ok": .bool(true),
            "none": .null, "list": .array([.number(10.9), .number(-0.5)]), "quote": "a\"b\n",
        ])
        let text = String(decoding: value.serialized(), as: UTF8.self)
        #expect(text == #"{"name":"Zürich","latitude":47.36667,"count":3,"ok":true,"none":null,"list":[10.9,-0.5],"quote":"a\"b\n"}"#)
        #expect(try JSON.parse(value.serialized()) == value)
    }

    @Test("a reader names the missing or mistyped field by its path")
    func readerNamesFields() throws {
        let reader = JSONReader(try JSON.parse(Array(#"{"current":{"time":5,"list":[{"x":"a"}]}}"#.utf8)))
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
            _ = try JSONReader(.array([])).field("x")
        }
        #expect(JSONShapeError.missing(path: "current.temperature_2m").description == "current.temperature_2m is missing")
    }

    @Test("optional fields treat absent, null and empty text alike")
    func optionalFields() throws {
        let reader = JSONReader(try JSON.parse(Array(#"{"a":null,"b":"","c":"x","n":900.0}"#.utf8)))
        #expect(try reader.optionalString("a") == nil)
        #expect(try reader.optionalString("b") == nil)
        #expect(try reader.optionalString("c") == "x")
        #expect(try reader.optionalString("missing") == nil)
        #expect(try reader.int("n") == 900)
    }
}
