//! A rectangle of a captured frame as a PNG file's bytes. A panel asks for a capture with an
//! effect ([`super::effect::Effect::Capture`]); the shell takes egui's screenshot of the next
//! frame, crops and encodes it here, and sends the bytes back as an action that asks where to
//! save them (written atomically, [`bgw_engine::io::atomic_file`]).

use egui::{ColorImage, Rect};

/// `rect` (in points, at `ppp` pixels per point) of `image`, as a PNG file's bytes; the
/// rectangle is clipped to the image.
pub fn crop_png(image: &ColorImage, rect: Rect, ppp: f32) -> Result<Vec<u8>, String> {
    let [w, h] = image.size;
    let px = |v: f32, max: usize| ((v * ppp).round().max(0.0) as usize).min(max);
    let (x0, x1) = (px(rect.left(), w), px(rect.right(), w));
    let (y0, y1) = (px(rect.top(), h), px(rect.bottom(), h));
    if x1 <= x0 || y1 <= y0 {
        return Err("the region to export is outside the window".to_string());
    }
    let crop = image.region_by_pixels([x0, y0], [x1 - x0, y1 - y0]);
    encode_png(&crop).map_err(|e| format!("cannot encode the PNG: {e}"))
}

/// `image` as a PNG file's bytes (8-bit RGBA).
pub fn encode_png(image: &ColorImage) -> Result<Vec<u8>, png::EncodingError> {
    let mut bytes = Vec::new();
    let [w, h] = image.size;
    let mut enc = png::Encoder::new(&mut bytes, w as u32, h as u32);
    enc.set_color(png::ColorType::Rgba);
    enc.set_depth(png::BitDepth::Eight);
    let mut writer = enc.write_header()?;
    let rgba: Vec<u8> = image
        .pixels
        .iter()
        .flat_map(|c| c.to_srgba_unmultiplied())
        .collect();
    writer.write_image_data(&rgba)?;
    writer.finish()?;
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui::{Color32, pos2};

    #[test]
    fn a_crop_is_encoded_with_its_size_and_pixels() {
        // A 40×20 image, red on its right half; at 2 pixels per point.
        let mut image = ColorImage::filled([40, 20], Color32::BLUE);
        for y in 0..20 {
            for x in 20..40 {
                image.pixels[y * 40 + x] = Color32::RED;
            }
        }
        let png = crop_png(
            &image,
            Rect::from_min_max(pos2(5.0, 0.0), pos2(15.0, 5.0)),
            2.0,
        )
        .unwrap();
        let decoder = png::Decoder::new(std::io::Cursor::new(png));
        let mut reader = decoder.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut buf).unwrap();
        assert_eq!((info.width, info.height), (20, 10));
        // Column 0 is image column 10 (blue), column 19 is image column 29 (red).
        assert_eq!(&buf[..4], &[0, 0, 255, 255]);
        assert_eq!(&buf[19 * 4..20 * 4], &[255, 0, 0, 255]);
        // Outside the window: refused, no panic.
        let out = Rect::from_min_max(pos2(100.0, 100.0), pos2(120.0, 120.0));
        assert!(crop_png(&image, out, 1.0).is_err());
    }
}
