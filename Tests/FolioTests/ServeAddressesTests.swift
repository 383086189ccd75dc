import Testing

@testable import folio

/// `folio serve --host 0.0.0.0` prints addresses a browser can open, never the wildcard itself.
@Suite struct ServeAddressesTests {
    @Test func aWildcardBindListsTheMachinesAddresses() {
        #expect(
            ServeAddresses.shown(for: "0.0.0.0", interfaces: ["192.168.1.20", "2001:db8::5", "10.0.0.3"])
                == ["192.168.1.20", "10.0.0.3"])
        #expect(
            ServeAddresses.shown(for: "::", interfaces: ["192.168.1.20", "2001:db8::5"])
                == ["192.168.1.20", "[2001:db8::5]"])
    }

    @Test func aMachineWithoutNetworksShowsLoopback() {
        #expect(ServeAddresses.shown(for: "0.0.0.0", interfaces: []) == ["127.0.0.1"])
    }

    @Test func aNamedHostIsShownAsGiven() {
        #expect(ServeAddresses.shown(for: "127.0.0.1", interfaces: ["192.168.1.20"]) == ["127.0.0.1"])
        #expect(ServeAddresses.shown(for: "::1", interfaces: []) == ["[::1]"])
    }

    @Test func theMachinesOwnAddressesLeaveOutLoopbackAndLinkLocal() {
        for address in ServeAddresses.machineAddresses() {
            #expect(address != "127.0.0.1" && address != "::1" && !address.lowercased().hasPrefix("fe80"))
        }
    }
}
