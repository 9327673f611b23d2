/// CRC-8 (polynomial x^8 + x^2 + x + 1, initial value 0, no reflection) of a byte slice.
fn crc8(data: &[u8]) -> u8 {
    const POLYNOMIAL: u8 = 0x07;
    let mut crc: u8 = 0;
    for &byte in data {
        crc ^= byte;
        for _ in 0..8 {
            if crc & 0x80 != 0 {
                crc = (crc << 1) ^ POLYNOMIAL;
            } else {
                crc <<= 1;
            }
        }
    }
    crc
}

fn main() {
    let cases: [(&[u8], u8); 7] = [
        (b"", 0x00),
        (b"123456789", 0xF4),
        (b"a", 0x20),
        (&[0x00], 0x00),
        (&[0xFF], 0xF3),
        (b"hello world", 0xA8),
        (&[0x01, 0x02, 0x03], 0x48),
    ];
    let mut failures = 0;
    for (data, expected) in cases {
        let got = crc8(data);
        println!("crc8({:?}) = {:#04x}", data, got);
        if got != expected {
            println!("  MISMATCH: expected {:#04x}", expected);
            failures += 1;
        }
    }
    if failures > 0 {
        std::process::exit(1);
    }
    println!("all checks passed");
}
