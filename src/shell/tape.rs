//! A session on tape: what the page found as it opened (a [`StartUp`]),
//! the view it opened on, then each message the table heard with the view
//! after it, as JSON: `{ start, view, steps: [[msg, view], ...] }`. The
//! page records one when its address asks (`?tape`, `web/tape.rs`), and
//! [`replay`] plays it natively: the same views, step by step, prove that
//! the table alone decides what is on screen, whatever the page did
//! between two messages.

use super::lifecycle::StartUp;
use super::msg::Msg;
use super::table::Table;
use super::view::View;
use serde_json::Value;

/// Replays `tape` (its JSON text) and says how many messages it held, or
/// where the first view differs from the page's, with both views.
///
/// # Errors
/// The tape does not read, or a view differs from the one recorded.
pub fn replay(tape: &str) -> Result<usize, String> {
    let v: Value = serde_json::from_str(tape).map_err(|e| format!("not a tape: {e}"))?;
    let start: StartUp =
        serde_json::from_value(v["start"].clone()).map_err(|e| format!("the start: {e}"))?;
    let (mut t, _) = Table::start_up(start)?;
    same(&t, &v["view"], "the opening view")?;
    let steps = v["steps"].as_array().ok_or("a tape has steps")?;
    for (i, step) in steps.iter().enumerate() {
        let msg: Msg = serde_json::from_value(step[0].clone())
            .map_err(|e| format!("message {i} ({}): {e}", step[0]))?;
        t.update(msg);
        same(
            &t,
            &step[1],
            &format!("the view after message {i} ({})", step[0]),
        )?;
    }
    Ok(steps.len())
}

fn same(t: &Table, page: &Value, what: &str) -> Result<(), String> {
    let here = serde_json::to_value(View::of(t)).map_err(|e| e.to_string())?;
    if &here == page {
        return Ok(());
    }
    let fields = |v: &Value| v.as_object().cloned().unwrap_or_default();
    let (p, h) = (fields(page), fields(&here));
    let differ: Vec<String> = h
        .iter()
        .filter(|(k, v)| p.get(*k) != Some(v))
        .map(|(k, v)| {
            format!(
                "{k}: page {} / native {v}",
                p.get(k).unwrap_or(&Value::Null)
            )
        })
        .collect();
    Err(format!("{what} differs: {}", differ.join("; ")))
}
