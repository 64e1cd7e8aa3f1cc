import IPAddresses
import Testing

/// Addresses and CIDR blocks, as `--trusted-proxy` and the webhook targets' checks read them.
@Suite struct IPBlockTests {
    @Test func anAddressIsInTheBlocksItsLeadingBitsMatch() throws {
        let block = try #require(IPBlock("172.16.0.0/12"))
        #expect(block.contains(try #require(IPAddress("172.31.255.1"))))
        #expect(!block.contains(try #require(IPAddress("172.32.0.1"))))
        #expect(!block.contains(try #require(IPAddress("::ffff:172.16.0.1"))), "another family is never in it")
        let six = try #require(IPBlock("fc00::/7"))
        let (inside, outside) = (try #require(IPAddress("fd12:3456::1")), try #require(IPAddress("fe00::1")))
        #expect(six.contains(inside) && !six.contains(outside))
        #expect(try #require(IPBlock("192.0.2.7")).contains(try #require(IPAddress("192.0.2.7"))))
    }

    @Test func whatIsNotAnAddressOrABlockIsRefused() {
        for text in ["", "300.1.1.1", "10.0.0.0/33", "::/129", "10.0.0.0/x", "example.org", "1.2.3"] {
            #expect(IPBlock(text) == nil, "\(text)")
        }
    }

    @Test func anIPv6AddressNamesTheIPv4OneItMaps() throws {
        #expect(try #require(IPAddress("::ffff:127.0.0.1")).mappedIPv4 == IPAddress("127.0.0.1"))
        #expect(try #require(IPAddress("::1")).mappedIPv4 == nil)
        #expect(try #require(IPAddress("2001:db8::1")).description == "2001:db8::1")
    }
}
