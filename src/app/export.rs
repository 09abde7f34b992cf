//! Export: any rectangle of the window as a PNG file, and the analysis as text in gnubg's
//! manner (to the clipboard or a file).
//!
//! A panel exports what it drew with one call, for example a plot's "Export PNG" button:
//!
//! ```text
//! if ui.button("Export PNG").clicked() {
//!     export::request_png(ui.ctx(), plot_rect, "bearoff.png");
//! }
//! ```
//!
//! The window's next frame is captured (egui's screenshot), cropped to the rectangle and
//! encoded with `png`; the app then asks where to save it ([`ExportAction::SavePng`], a save
//! dialog) and writes it atomically ([`bgw_engine::atomic_file`]). Outcomes go to the status
//! line and the Log.

use super::files::{FileDialogs, FileKind};
use super::state::{Action, AppState};
use bgw_engine::atomic_file::write_atomic;
use egui::{ColorImage, Rect};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// What can be exported.
#[derive(Clone, Debug, PartialEq)]
pub enum ExportAction {
    /// The board as PNG: the backgammon workspace captures it after drawing it.
    Board,
    /// The board's capture was asked for (the request is done).
    BoardRequested,
    /// A captured image, to save under a name the dialog proposes.
    SavePng {
        /// The PNG file's bytes.
        png: Arc<[u8]>,
        /// The file name proposed.
        name: String,
    },
    /// A capture failed (the reason).
    Failed(String),
    /// The analysis as text to the clipboard.
    CopyAnalysis,
    /// The analysis as text to a file.
    SaveAnalysis,
}

/// The export's state: a capture of the board asked for, the folder last saved to.
#[derive(Default)]
pub struct ExportState {
    /// The board is to be captured on its next drawing.
    pub board_wanted: bool,
    /// The folder of the last export.
    pub dir: Option<PathBuf>,
}

impl AppState {
    /// Applies one export action. The save dialogs are asked through `dialogs`.
    pub(crate) fn apply_export(&mut self, action: ExportAction, dialogs: &mut dyn FileDialogs) {
        match action {
            ExportAction::Board => self.export.board_wanted = true,
            ExportAction::BoardRequested => self.export.board_wanted = false,
            ExportAction::SavePng { png, name } => {
                let dir = self.export.dir.clone();
                if let Some(path) = dialogs.save(FileKind::Png, dir.as_deref(), &name) {
                    self.write_export(&path, &png, "image");
                }
            }
            ExportAction::Failed(e) => self.messages.error(format!("not exported: {e}")),
            ExportAction::CopyAnalysis => match super::analysis_text::text(self) {
                Ok(text) => {
                    self.messages.info("copied the analysis as text");
                    self.clipboard_out = Some(text);
                }
                Err(e) => self.messages.error(format!("nothing copied: {e}")),
            },
            ExportAction::SaveAnalysis => match super::analysis_text::text(self) {
                Ok(text) => {
                    let dir = self.export.dir.clone();
                    if let Some(path) = dialogs.save(FileKind::Text, dir.as_deref(), "analysis.txt")
                    {
                        self.write_export(&path, text.as_bytes(), "analysis");
                    }
                }
                Err(e) => self.messages.error(format!("not exported: {e}")),
            },
        }
    }

    fn write_export(&mut self, path: &Path, bytes: &[u8], what: &str) {
        match write_atomic(path, |w| w.write_all(bytes)) {
            Ok(()) => {
                self.export.dir = path.parent().map(Path::to_path_buf);
                self.messages
                    .info(format!("exported the {what} to {}", path.display()));
            }
            Err(e) => self
                .messages
                .error(format!("not exported to {}: {e}", path.display())),
        }
    }
}

/// Captures arrived from the integration, waiting for the next frame.
type Inbox = Arc<Mutex<Vec<Action>>>;

fn inbox(ctx: &egui::Context) -> Inbox {
    ctx.data_mut(|d| {
        d.get_temp_mut_or_default::<Inbox>(egui::Id::unique("bgw-export-inbox"))
            .clone()
    })
}

/// Asks for `rect` of the window (in points) as a PNG file, proposed as `name`: the next
/// frame is captured, cropped and encoded, and a save dialog asks where it goes.
pub fn request_png(ctx: &egui::Context, rect: Rect, name: &str) {
    let inbox = inbox(ctx);
    let name = name.to_string();
    ctx.data_mut(|d| d.insert_temp(last_request_id(), (rect, name.clone())));
    let ppp = ctx.pixels_per_point();
    let repaint = ctx.clone();
    ctx.request_screenshot(move |image| {
        let action = match crop_png(&image, rect, ppp) {
            Ok(png) => ExportAction::SavePng {
                png: png.into(),
                name,
            },
            Err(e) => ExportAction::Failed(e),
        };
        if let Ok(mut inbox) = inbox.lock() {
            inbox.push(action.into());
        }
        repaint.request_repaint();
    });
}

fn last_request_id() -> egui::Id {
    egui::Id::unique("bgw-export-last-request")
}

/// The last [`request_png`]: the rectangle and the proposed file name.
pub fn last_request(ctx: &egui::Context) -> Option<(Rect, String)> {
    ctx.data(|d| d.get_temp(last_request_id()))
}

/// The captures that arrived since the last frame, as actions (the app applies them).
pub fn arrived(ctx: &egui::Context) -> Vec<Action> {
    inbox(ctx)
        .lock()
        .map(|mut v| std::mem::take(&mut *v))
        .unwrap_or_default()
}

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
