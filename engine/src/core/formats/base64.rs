//! Standard Base64 (RFC 4648 alphabet, no padding), as gnubg writes its IDs.

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Encodes bytes, without `=` padding.
pub fn encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (b[0] as u32) << 16 | (b[1] as u32) << 8 | b[2] as u32;
        let chars = chunk.len() + 1;
        for i in 0..chars {
            out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

fn value(c: u8) -> Option<u8> {
    match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    }
}

/// Decodes `text` into `out` (bits beyond `out` are dropped). On a bad character returns it
/// and its 0-based place.
pub fn decode_into(text: &str, out: &mut [u8]) -> Result<(), (char, usize)> {
    let mut bit = 0usize;
    for (i, c) in text.chars().enumerate() {
        let v = u8::try_from(c).ok().and_then(value).ok_or((c, i))?;
        for k in (0..6).rev() {
            if bit / 8 < out.len() && v >> k & 1 == 1 {
                out[bit / 8] |= 0x80 >> (bit % 8);
            }
            bit += 1;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let bytes = [0xe0, 0x73, 0xf0, 0x01, 0x30, 0xe0, 0x73, 0xf0, 0x01, 0x30];
        let s = encode(&bytes);
        assert_eq!(s, "4HPwATDgc/ABMA");
        let mut back = [0u8; 11];
        decode_into(&s, &mut back).unwrap();
        assert_eq!(&back[..10], &bytes);
    }
}
