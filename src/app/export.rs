//! Exports: what can be exported ([`ExportAction`], applied by the coordinator, which sees
//! every feature), and an image as a PNG file's bytes. Images are drawn off-screen
//! ([`super::render`]) by the shell, encoded here, and sent back as an action that asks where
//! to save them (written atomically, [`bgw_engine::io::atomic_file`]).

use super::render::ExportSize;
use bgw_engine::matches::Match;
use egui::ColorImage;
use std::path::PathBuf;
use std::sync::Arc;

/// What can be exported.
#[derive(Clone, Debug, PartialEq)]
pub enum ExportAction {
    /// The board as PNG at this size, with its title (no widgets): the shell draws it
    /// off-screen at the end of the frame.
    Board(ExportSize),
    /// An image rendered for export, to save under a name the dialog proposes.
    SavePng {
        /// The PNG file's bytes.
        png: Arc<[u8]>,
        /// The file name proposed.
        name: String,
    },
    /// An export could not be drawn or encoded (the reason).
    Failed(String),
    /// The analysis as text to the clipboard.
    CopyAnalysis,
    /// The analysis as text to a file.
    SaveAnalysis,
    /// File → Export match…: the Match tab's match as MAT or SGF, as the name chosen says.
    SaveMatch,
    /// File → Export game…: the Play tab's game (the one on, else the last one ended).
    SaveGame,
    /// Writes this match (`what` it is, for the message) to the path the save dialog
    /// answered: gnubg's SGF for a `.sgf` name, MAT for `.mat` or `.txt`.
    WriteMatch {
        /// The match.
        game: Arc<Match>,
        /// "match" or "game".
        what: &'static str,
        /// Where.
        path: PathBuf,
    },
    /// Writes these bytes (an image or the analysis) to the path the save dialog answered.
    Write {
        /// The file's bytes.
        bytes: Arc<[u8]>,
        /// What they are, for the message ("image", "analysis").
        what: &'static str,
        /// Where.
        path: PathBuf,
    },
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
    use egui::Color32;

    #[test]
    fn an_image_is_encoded_with_its_size_and_pixels() {
        // A 40×20 image, red on its right half.
        let mut image = ColorImage::filled([40, 20], Color32::BLUE);
        for y in 0..20 {
            for x in 20..40 {
                image.pixels[y * 40 + x] = Color32::RED;
            }
        }
        let png = encode_png(&image).unwrap();
        let decoder = png::Decoder::new(std::io::Cursor::new(png));
        let mut reader = decoder.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut buf).unwrap();
        assert_eq!((info.width, info.height), (40, 20));
        assert_eq!(&buf[..4], &[0, 0, 255, 255]);
        assert_eq!(&buf[39 * 4..40 * 4], &[255, 0, 0, 255]);
    }
}
