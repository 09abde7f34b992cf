//! The workbench's look, for everyone: square widgets, panels on the window's colour; and small
//! helpers the panels share. What exists only to draw faster without a GPU (the scroll areas'
//! fade off among it) is in [`super::software_rendering`], behind its switch.

/// egui's dark or light look with square widgets: buttons, fields and slider handles without
/// rounded corners. Each rounded, anti-aliased corner costs a dozen triangles, and without a
/// GPU every triangle is drawn by the CPU: square corners take a frame of the largest position
/// from 14,800 triangles to 9,200, and 10.4–10.9 ms to 7.0–8.8 ms under Xvfb.
pub fn flat_visuals(dark: bool) -> egui::Visuals {
    let mut v = if dark {
        egui::Visuals::dark()
    } else {
        egui::Visuals::light()
    };
    let w = &mut v.widgets;
    for state in [
        &mut w.noninteractive,
        &mut w.inactive,
        &mut w.hovered,
        &mut w.active,
        &mut w.open,
    ] {
        state.corner_radius = egui::CornerRadius::ZERO;
    }
    v.handle_shape = egui::style::HandleShape::Rect { aspect_ratio: 0.5 };
    v
}

/// A panel's frame without its fill. The window is cleared to the panel colour once per frame
/// (see `clear_color`), so painting each panel's background again only costs time: with a
/// software renderer (Mesa's llvmpipe, no GPU) every full-window fill costs several
/// milliseconds a frame.
pub fn unfilled(frame: egui::Frame) -> egui::Frame {
    frame.fill(egui::Color32::TRANSPARENT)
}

/// True when the keyboard's shortcuts (R, arrows, Enter, Ctrl+Z…) are ours: no text field is
/// being typed in. A button focused by keyboard navigation (Tab; egui rings it) must not switch
/// the shortcuts off, so having the focus is not the test.
pub fn shortcuts_free(ctx: &egui::Context) -> bool {
    !ctx.text_edit_focused()
}

/// `add` in a scroll area both ways, filling the region: what does not fit scrolls.
pub fn scrolled<R>(ui: &mut egui::Ui, id: &'static str, add: impl FnOnce(&mut egui::Ui) -> R) -> R {
    egui::ScrollArea::both()
        .id_salt(id)
        .auto_shrink([false, false])
        .show(ui, add)
        .inner
}
