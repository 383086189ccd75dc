import Foundation
import Money
import Networking
import NetworkingTesting
import Racing
import Testing

@Suite("Decoding the recorded nextraces responses")
struct DecodingTests {
    @Test("every recorded fixture decodes, every race readable", arguments: try Fixtures.files(in: "neds"))
    func decodesFixture(path: String) throws {
        let data = try Fixtures.data(path)
        let page = try NedsRacingClient.decode(data)
        let raw = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        let summaries = (raw["data"] as! [String: Any])["race_summaries"] as! [String: Any]
        #expect(page.skipped.isEmpty)
        #expect(page.races.count == summaries.count)
        #expect(Set(page.races.map(\.id)) == Set(summaries.keys))
        for race in page.races {
            #expect(race.category.kind != .other, "fixture categories are all known")
            #expect(!race.meetingName.isEmpty)
            #expect(race.number > 0)
            #expect(race.distance.map { $0 > 0 } ?? false)
            #expect(race.form?.details != nil, "additional_data decodes for \(race.id)")
        }
        #expect(page.races == page.races.sorted(by: NextToGo.startsBefore))
    }

    @Test("advertised_start and the summary fields map one to one")
    func mapsFields() throws {
        let page = try NedsRacingClient.decode(try Fixtures.data("neds/nextraces_j-_payload-1768438793569.json"))
        let race = try #require(page.races.first { $0.id == "0a715512-e667-4ad3-b892-059b9b68f5a1" })
        #expect(race.name == "Race 7 - 1609M")
        #expect(race.number == 7)
        #expect(race.meetingName == "Northfield Park")
        #expect(race.category.kind == .harness)
        #expect(race.advertisedStart == Date(timeIntervalSince1970: 1_768_439_880))
        #expect(race.venueState == "OH")
        #expect(race.venueCountry == "USA")
        #expect(race.form?.distance == 1609)
        #expect(race.form?.distanceUnit == "m")
        #expect(race.form?.trackCondition == "Slow")
        #expect(race.form?.weather == "OVERCAST")
        let details = try #require(race.form?.details)
        #expect(details.raceClass == "NW750PSLC")
        #expect(details.startType == "Mobile")
        #expect(details.gait == "P")
        #expect(details.prizeMoney == 11211)
        #expect(details.trackCircumference == nil, "0 means unknown")
        #expect(details.railPosition == nil, "\"\" means unknown")
        #expect(details.time == ISO8601DateFormatter().date(from: "2026-01-15T01:18:00Z"))
    }

    @Test("optional form fields that the recordings leave out decode as nil")
    func optionalFieldsAcrossFixtures() throws {
        var races: [Race] = []
        for path in try Fixtures.files(in: "neds") {
            races += try NedsRacingClient.decode(try Fixtures.data(path)).races
        }
        #expect(races.contains { $0.form?.weather == nil })
        #expect(races.contains { $0.form?.weather != nil })
        #expect(races.allSatisfy { $0.form != nil })
    }

    @Test("a race with missing weather, track condition, comment and race_form still decodes")
    func missingOptionals() throws {
        let page = try NedsRacingClient.decode(
            Data(
                envelope([
                    summary(id: "a", extra: #""race_form": {"distance": 450}"#),
                    summary(id: "b", extra: nil),
                    summary(id: "c", extra: #""race_form": "not an object""#),
                ]).utf8))
        #expect(page.races.map(\.id) == ["a", "b", "c"])
        #expect(page.races[0].form?.distance == 450)
        #expect(page.races[0].form?.weather == nil)
        #expect(page.races[1].form == nil)
        #expect(page.races[2].form == nil)
    }

    @Test("blank text means not known; text with anything visible is kept as sent")
    func blankText() throws {
        let form =
            #""race_form": {"weather": {"name": " \t "}, "track_condition": {"name": ""}, "race_comment": " Fast pace. "}"#
        let spaced = #""race_form": {"weather": {"name": "\u00a0\u2003"}, "race_comment": "\u00a0x"}"#
        let page = try NedsRacingClient.decode(
            Data(
                envelope([summary(id: "a", extra: form), summary(id: "b", extra: spaced)]).utf8))
        #expect(page.races[0].form?.weather == nil)
        #expect(page.races[0].form?.trackCondition == nil)
        #expect(page.races[0].form?.comment == " Fast pace. ")
        #expect(page.races[1].form?.weather == nil)
        #expect(page.races[1].form?.comment == "\u{a0}x")
    }

    @Test("additional_data is read leniently: bad JSON, null prize money, placeholder time")
    func lenientAdditionalData() throws {
        let bad = #""race_form": {"distance": 300, "additional_data": "{not json"}"#
        let nullPrizes =
            #""race_form": {"additional_data": "{\"revealed_race_info\":{\"prizemonies\":null,\"time\":\"1970-01-01T00:00:00Z\",\"race_name\":\"\",\"class\":\"BM66\",\"number\":\"7\"}}"}"#
        let wrongShape = #""race_form": {"additional_data": "[1,2,3]"}"#
        let page = try NedsRacingClient.decode(
            Data(
                envelope([
                    summary(id: "a", extra: bad), summary(id: "b", extra: nullPrizes),
                    summary(id: "c", extra: wrongShape),
                ]).utf8))
        #expect(page.races.count == 3)
        #expect(page.skipped.isEmpty)
        #expect(page.races[0].form?.distance == 300)
        #expect(page.races[0].form?.details == nil)
        let details = try #require(page.races[1].form?.details)
        #expect(details.prizeMoney == nil)
        #expect(details.time == nil)
        #expect(details.raceClass == "BM66")
        #expect(page.races[2].form?.details == nil)
    }

    @Test("race times: the direct reading of the usual form agrees with Foundation's ISO 8601 parsing everywhere")
    func raceTimes() throws {
        let texts = [
            "2026-01-15T01:18:00Z", "2024-02-29T23:59:59Z", "1999-12-31T00:00:01Z", "2026-01-15T01:18:00.500Z",
            "2026-01-15T11:18:00+10:00", "2025-02-29T10:00:00Z", "2026-01-15T24:00:00Z", "2026-01-15T01:60:00Z",
            "2026-1-15T01:18:00Z", "2026-01-15 01:18:00Z", "2026-01-15T01:18:00z", "tomorrow",
        ]
        let races = texts.enumerated().map { index, text in
            let info = #"{\"revealed_race_info\":{\"time\":\"\#(text)\"}}"#
            return summary(id: "r\(index)", extra: #""race_form": {"additional_data": "\#(info)"}"#)
        }
        let page = try NedsRacingClient.decode(Data(envelope(races).utf8))
        for (index, text) in texts.enumerated() {
            let foundation =
                (try? Date.ISO8601FormatStyle().parse(text))
                ?? (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text))
            let time = page.races.first { $0.id == "r\(index)" }?.form?.details?.time
            #expect(time == foundation.flatMap { $0.timeIntervalSince1970 > 0 ? $0 : nil }, "\(text)")
        }
        #expect(page.races[0].form?.details?.time == ISO8601DateFormatter().date(from: "2026-01-15T01:18:00Z"))
        #expect(page.races[11].form?.details?.time == nil)
    }

    @Test("an unknown category id is kept as other, with its id")
    func unknownCategory() throws {
        let page = try NedsRacingClient.decode(
            Data(
                envelope([summary(id: "a", category: "00000000-0000-4000-8000-000000000000")]).utf8))
        let race = try #require(page.races.first)
        #expect(race.category.kind == .other)
        #expect(race.category.id == "00000000-0000-4000-8000-000000000000")
        #expect(race.category.description == "other")
    }

    @Test("a malformed race is skipped with its reason; the others are kept")
    func malformedRaceSkipped() throws {
        let broken = """
            "broken": {"race_id": "broken", "race_number": 1, "meeting_name": "X", "advertised_start": {"nanos": 5}}
            """
        let text =
            #"{"status": 200, "data": {"next_to_go_ids": [], "race_summaries": {"#
            + summary(id: "a") + "," + broken + "}}}"
        let page = try NedsRacingClient.decode(Data(text.utf8))
        #expect(page.races.map(\.id) == ["a"])
        #expect(page.skipped.map(\.raceID) == ["broken"])
        #expect(page.skipped.first?.reason.contains("seconds") == true)
        #expect(page.listedCount == 2)
    }

    @Test("advertised_start also reads as an ISO 8601 string or bare epoch seconds")
    func alternativeStartShapes() throws {
        let iso = summary(id: "a", start: #""2024-03-15T08:05:00Z""#)
        let number = summary(id: "b", start: "1710489900")
        let page = try NedsRacingClient.decode(Data(envelope([iso, number]).utf8))
        #expect(
            page.races.map(\.advertisedStart) == [
                Date(timeIntervalSince1970: 1_710_489_900), Date(timeIntervalSince1970: 1_710_489_900),
            ])
    }

    @Test("an envelope without data is a decoding error")
    func brokenEnvelope() {
        #expect(throws: DecodingError.self) { try NedsRacingClient.decode(Data(#"{"status": 200}"#.utf8)) }
        #expect(throws: (any Error).self) { try NedsRacingClient.decode(Data("<html>".utf8)) }
    }

    @Test("the client asks for nextraces with the count and a JSON content type")
    func request() async throws {
        let body = try Fixtures.data("neds/nextraces_arinjoy_2023-06-17_5races.json")
        let http = StubHTTPClient { request in HTTPResponse(status: 200, body: body, url: request.url) }
        let client = NedsRacingClient(http: http, baseURL: URL(string: "http://127.0.0.1:9/base")!)
        let page = try await client.nextRaces(count: 7)
        #expect(page.races.count == 5)
        let sent = try #require(http.requests.first)
        #expect(sent.url.absoluteString == "http://127.0.0.1:9/base/rest/v1/racing/?method=nextraces&count=7")
        #expect(sent.headers["Content-Type"] == "application/json")
    }

    @Test("a non-2xx answer is a status error naming the code")
    func statusError() async {
        let http = StubHTTPClient { request in HTTPResponse(status: 503, body: Data("down".utf8), url: request.url) }
        let client = NedsRacingClient(http: http, baseURL: URL(string: "http://127.0.0.1:9")!)
        await #expect {
            _ = try await client.nextRaces(count: 5)
        } throws: { error in
            guard case .status(503, _, _, _) = error as? NetworkError else { return false }
            return true
        }
    }

    // MARK: - Builders

    private func envelope(_ summaries: [String]) -> String {
        #"{"status": 200, "data": {"next_to_go_ids": [], "race_summaries": {"# + summaries.joined(separator: ",")
            + #"}}, "message": "Next 10 races from each category"}"#
    }

    private func summary(
        id: String, category: String = RaceCategory.greyhoundID, start: String = #"{"seconds": 1710489900}"#,
        extra: String? = nil
    ) -> String {
        """
        "\(id)": {"race_id": "\(id)", "race_name": "Race 1", "race_number": 1, "meeting_id": "m",
          "meeting_name": "The Meadows", "category_id": "\(category)", "advertised_start": \(start),
          "venue_id": "v", "venue_name": "The Meadows", "venue_state": "VIC", "venue_country": "AUS"\(extra.map { ", " + $0 } ?? "")}
        """
    }
}
