//! The file dialog drawn in the window, for when the desktop has none ([`super::files`]): a
//! folder's sub-folders and files of one kind, the folder's path (typed or reached with "Up"),
//! the file name (typed or clicked), Open or Save and Cancel. Only the default fonts' glyphs.

use std::path::{Path, PathBuf};

/// What the dialog came to.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// Still open.
    Open,
    /// A path chosen.
    Chosen(PathBuf),
    /// Cancelled (the button, the window's ×, Escape).
    Cancelled,
}

/// An open dialog.
pub struct FileDialog {
    title: String,
    save: bool,
    ext: &'static [&'static str],
    dir: PathBuf,
    dir_text: String,
    name: String,
    entries: Vec<(String, bool)>,
    error: Option<String>,
    /// A folder is asked for: Open takes the folder shown (or a sub-folder named).
    folder: bool,
}

impl FileDialog {
    /// A dialog titled `title` in `dir` for files ending in one of `ext` (the first added to
    /// a name saved without one); `save` asks for a new name (proposed: `name`).
    pub fn new(
        title: String,
        save: bool,
        ext: &'static [&'static str],
        dir: PathBuf,
        name: &str,
    ) -> Self {
        let mut d = FileDialog {
            title,
            save,
            ext,
            dir: PathBuf::new(),
            dir_text: String::new(),
            name: name.to_string(),
            entries: Vec::new(),
            error: None,
            folder: false,
        };
        d.go(dir);
        d
    }

    /// The same dialog asking for a folder: Open takes the folder shown, or the sub-folder
    /// named.
    pub fn for_folder(mut self) -> Self {
        self.folder = true;
        self
    }

    /// Opens folder `dir` (an error beside the path when it cannot be read).
    fn go(&mut self, dir: PathBuf) {
        match read_dir(&dir, self.ext) {
            Ok(entries) => {
                self.entries = entries;
                self.dir_text = dir.display().to_string();
                self.dir = dir;
                self.error = None;
            }
            Err(e) => self.error = Some(format!("cannot read {}: {e}", dir.display())),
        }
    }

    /// The path the name field and folder give, if the name is set.
    fn path(&self) -> Option<PathBuf> {
        let name = self.name.trim();
        if name.is_empty() {
            return self.folder.then(|| self.dir.clone());
        }
        let mut p = self.dir.join(name);
        if self.save
            && p.extension().is_none()
            && let Some(ext) = self.ext.first()
        {
            p.set_extension(ext);
        }
        Some(p)
    }

    /// Draws the dialog; what it came to.
    pub fn show(&mut self, ctx: &egui::Context) -> Outcome {
        let mut outcome = Outcome::Open;
        let mut open = true;
        let mut go = None;
        let screen = ctx.content_rect();
        egui::Window::new(&self.title)
            .id(egui::Id::unique("bgw-file-dialog"))
            .open(&mut open)
            .collapsible(false)
            .resizable(true)
            .default_size([560.0, 420.0_f32.min(screen.height() - 80.0)])
            .max_height(screen.height() - 40.0)
            .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
            .show(ctx, |ui| {
                ui.horizontal(|ui| {
                    if ui
                        .add_enabled(self.dir.parent().is_some(), egui::Button::new("Up"))
                        .on_hover_text("The folder above")
                        .clicked()
                    {
                        go = self.dir.parent().map(Path::to_path_buf);
                    }
                    let l = ui.label("Folder:");
                    let field = ui
                        .add(
                            egui::TextEdit::singleline(&mut self.dir_text)
                                .desired_width(ui.available_width()),
                        )
                        .labelled_by(l.id);
                    if field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                        go = Some(PathBuf::from(self.dir_text.trim()));
                    }
                });
                if let Some(e) = &self.error {
                    ui.colored_label(ui.visuals().error_fg_color, e);
                }
                ui.separator();
                let list_height = (ui.available_height() - 70.0).max(80.0);
                egui::ScrollArea::vertical()
                    .max_height(list_height)
                    .auto_shrink([false, true])
                    .show(ui, |ui| {
                        if self.entries.is_empty() {
                            ui.weak(format!(
                                "no folders and no .{} files here",
                                self.ext.join(", .")
                            ));
                        }
                        for (name, is_dir) in &self.entries {
                            let text = match is_dir {
                                true => format!("{name}/"),
                                false => name.clone(),
                            };
                            let r = ui.selectable_label(!is_dir && self.name == *name, text);
                            if *is_dir && r.clicked() {
                                go = Some(self.dir.join(name));
                            } else if r.clicked() {
                                self.name = name.clone();
                            }
                            if !is_dir && r.double_clicked() {
                                outcome = Outcome::Chosen(self.dir.join(name));
                            }
                        }
                    });
                ui.separator();
                ui.horizontal(|ui| {
                    let l = ui.label("File name:");
                    let field = ui
                        .add(egui::TextEdit::singleline(&mut self.name).desired_width(300.0))
                        .labelled_by(l.id);
                    let enter = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                    let verb = if self.save { "Save" } else { "Open" };
                    let path = self.path().filter(|p| match (self.save, self.folder) {
                        (true, _) => true,
                        (false, true) => p.is_dir(),
                        (false, false) => p.is_file(),
                    });
                    let button = ui.add_enabled(path.is_some(), egui::Button::new(verb));
                    if let Some(p) = path
                        && (button.clicked() || enter)
                    {
                        outcome = Outcome::Chosen(p);
                    }
                    if ui.button("Cancel").clicked() {
                        outcome = Outcome::Cancelled;
                    }
                });
            });
        if let Some(dir) = go {
            self.go(dir);
        }
        if !open || ctx.input(|i| i.key_pressed(egui::Key::Escape)) {
            outcome = Outcome::Cancelled;
        }
        outcome
    }
}

/// The sub-folders (not hidden) and the `.ext` files of `dir`, folders first, by name.
fn read_dir(dir: &Path, ext: &[&str]) -> std::io::Result<Vec<(String, bool)>> {
    let mut out: Vec<(String, bool)> = std::fs::read_dir(dir)?
        .filter_map(Result::ok)
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            let is_dir = e.path().is_dir();
            let wanted = if is_dir {
                !name.starts_with('.')
            } else {
                Path::new(&name)
                    .extension()
                    .is_some_and(|x| ext.iter().any(|e| x.eq_ignore_ascii_case(e)))
            };
            wanted.then_some((name, is_dir))
        })
        .collect();
    out.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_lists_its_folders_then_its_files_of_the_kind() {
        let dir = std::env::temp_dir().join(format!("bgw-file-dialog-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        std::fs::create_dir_all(dir.join(".hidden")).unwrap();
        for f in ["b.ron", "a.ron", "c.txt"] {
            std::fs::write(dir.join(f), "").unwrap();
        }
        let got = read_dir(&dir, &["ron"]).unwrap();
        let want = [("sub", true), ("a.ron", false), ("b.ron", false)];
        assert_eq!(
            got,
            want.map(|(n, d)| (n.to_string(), d)).to_vec(),
            "folders first, hidden ones and other kinds left out"
        );
        // A name without extension gets the kind's on saving.
        let d = FileDialog::new("t".into(), true, &["ron"], dir.clone(), "pos");
        assert_eq!(d.path(), Some(dir.join("pos.ron")));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
