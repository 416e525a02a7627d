//! A panic on the page (a bug) is logged to the console as an `Error`, so the
//! browser shows its stack too: "panicked at src/x.rs:12: message".
//! Smaller than the `console_error_panic_hook` crate, which formatted the
//! panic through `Display` and copied the stack into the text.

pub fn install() {
    std::panic::set_hook(Box::new(|info| {
        let mut m = String::from("panicked at ");
        if let Some(at) = info.location() {
            m.push_str(at.file());
            m.push(':');
            super::text::push_num(&mut m, at.line());
        }
        let p = info.payload();
        if let Some(s) = p
            .downcast_ref::<&str>()
            .copied()
            .or_else(|| p.downcast_ref::<String>().map(String::as_str))
        {
            m.push_str(": ");
            m.push_str(s);
        }
        web_sys::console::error_1(&js_sys::Error::new(&m));
    }));
}
