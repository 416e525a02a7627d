//! Engine values as plain JS objects and arrays, from the engine's own
//! `Serialize` impls, the ones `serde_json` writes natively: one shape for a
//! value on both sides (`tests/wasm_to_js.rs` checks the page's against
//! `serde_json`'s text).
//!
//! The value is written as JSON text here and handed to `JSON.parse`: a
//! serializer that only appends to a `String` is far smaller than one that
//! builds JS objects field by field (`serde_wasm_bindgen`, which this
//! replaced: wasm+js+css 196,999 -> 192,928 B gzip), and one crossing into
//! JS per value is no slower than one per field.

use serde::ser::{self, Serialize};
use wasm_bindgen::JsValue;

/// `value` as the page's JS sees it: objects and `null` for `None`, so
/// `JSON.stringify` gives what `serde_json` writes. Every engine value
/// serialises: its numbers are counts, coordinates and seeds, the seeds
/// within 2^53 - 1 ([`crate::engine::record::MAX_SEED`]), and its map keys
/// are words. Were one not to (an integer past 2^53 - 1, which a JS number
/// would round), it would be `null`, not a panic.
pub fn to_js<T: Serialize + ?Sized>(value: &T) -> JsValue {
    let mut text = String::new();
    let written = value.serialize(Writer(&mut text)).is_ok();
    parse(written, text)
}

/// The part of [`to_js`] that is the same for every type, kept out of its
/// copy for each.
#[inline(never)]
fn parse(written: bool, text: String) -> JsValue {
    written
        .then(|| js_sys::JSON::parse(&text).ok())
        .flatten()
        .unwrap_or(JsValue::NULL)
}

/// Writes one value to the end of its string.
struct Writer<'a>(&'a mut String);

/// The one error: a value JSON cannot hold exactly (bytes, an integer a JS
/// number would round). Its words are never shown, so none are kept.
#[derive(Debug)]
pub struct Unsupported;

impl std::fmt::Display for Unsupported {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("unsupported")
    }
}

impl std::error::Error for Unsupported {}

impl ser::Error for Unsupported {
    fn custom<T: std::fmt::Display>(_: T) -> Self {
        Unsupported
    }
}

type Done = Result<(), Unsupported>;

/// 2^53 - 1: the largest integer every larger one of which a JS number rounds.
const SAFE: u64 = (1 << 53) - 1;

fn int(out: &mut String, negative: bool, magnitude: u64) -> Done {
    if magnitude > SAFE {
        return Err(Unsupported);
    }
    if negative && magnitude != 0 {
        out.push('-');
    }
    crate::engine::compact::push_number(out, magnitude);
    Ok(())
}

/// A JSON string: quotes, backslashes and control characters escaped as
/// `\u00XX` (JSON.parse reads them as serde_json's shorter escapes).
fn string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        if c == '"' || c == '\\' || c < ' ' {
            let b = c as u8;
            out.push_str("\\u00");
            out.push(char::from(b'0' + b / 16));
            out.push(char::from_digit(u32::from(b % 16), 16).unwrap_or('0'));
        } else {
            out.push(c);
        }
    }
    out.push('"');
}

/// An array or object being written: `close` ends it (two brackets for an
/// enum variant's `{"Name": …}`).
pub struct Compound<'a> {
    out: &'a mut String,
    first: bool,
    close: &'static str,
}

impl<'a> Compound<'a> {
    fn open(out: &'a mut String, open: &str, close: &'static str) -> Compound<'a> {
        out.push_str(open);
        Compound {
            out,
            first: true,
            close,
        }
    }

    /// The comma before every item but the first.
    fn next(&mut self) -> Writer<'_> {
        if !self.first {
            self.out.push(',');
        }
        self.first = false;
        Writer(self.out)
    }

    fn key(&mut self, key: &str) -> Writer<'_> {
        let w = self.next();
        string(w.0, key);
        w.0.push(':');
        w
    }

    fn end(self) -> Done {
        self.out.push_str(self.close);
        Ok(())
    }
}

impl<'a> ser::Serializer for Writer<'a> {
    type Ok = ();
    type Error = Unsupported;
    type SerializeSeq = Compound<'a>;
    type SerializeTuple = Compound<'a>;
    type SerializeTupleStruct = Compound<'a>;
    type SerializeTupleVariant = Compound<'a>;
    type SerializeMap = Compound<'a>;
    type SerializeStruct = Compound<'a>;
    type SerializeStructVariant = Compound<'a>;

    fn serialize_bool(self, v: bool) -> Done {
        self.0.push_str(if v { "true" } else { "false" });
        Ok(())
    }
    fn serialize_i8(self, v: i8) -> Done {
        self.serialize_i64(v.into())
    }
    fn serialize_i16(self, v: i16) -> Done {
        self.serialize_i64(v.into())
    }
    fn serialize_i32(self, v: i32) -> Done {
        self.serialize_i64(v.into())
    }
    fn serialize_i64(self, v: i64) -> Done {
        int(self.0, v < 0, v.unsigned_abs())
    }
    fn serialize_u8(self, v: u8) -> Done {
        self.serialize_u64(v.into())
    }
    fn serialize_u16(self, v: u16) -> Done {
        self.serialize_u64(v.into())
    }
    fn serialize_u32(self, v: u32) -> Done {
        self.serialize_u64(v.into())
    }
    fn serialize_u64(self, v: u64) -> Done {
        int(self.0, false, v)
    }
    fn serialize_f32(self, v: f32) -> Done {
        self.serialize_f64(v.into())
    }
    /// As JS writes the number (`JSON.stringify`, `null` if not finite, as
    /// serde_json writes it): no float formatting in the module.
    fn serialize_f64(self, v: f64) -> Done {
        let text = js_sys::JSON::stringify(&JsValue::from_f64(v)).map_err(|_| Unsupported)?;
        self.0.push_str(&String::from(text));
        Ok(())
    }
    fn serialize_char(self, v: char) -> Done {
        self.serialize_str(v.encode_utf8(&mut [0; 4]))
    }
    fn serialize_str(self, v: &str) -> Done {
        string(self.0, v);
        Ok(())
    }
    fn serialize_bytes(self, _: &[u8]) -> Done {
        Err(Unsupported)
    }
    fn serialize_none(self) -> Done {
        self.serialize_unit()
    }
    fn serialize_some<T: Serialize + ?Sized>(self, v: &T) -> Done {
        v.serialize(self)
    }
    fn serialize_unit(self) -> Done {
        self.0.push_str("null");
        Ok(())
    }
    fn serialize_unit_struct(self, _: &'static str) -> Done {
        self.serialize_unit()
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, name: &'static str) -> Done {
        self.serialize_str(name)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _: &'static str, v: &T) -> Done {
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        name: &'static str,
        v: &T,
    ) -> Done {
        let mut c = Compound::open(self.0, "{", "}");
        v.serialize(c.key(name))?;
        c.end()
    }
    /// Each item in turn, without serde's default's length hint: that
    /// default is a larger copy for each list type.
    fn collect_seq<I>(self, items: I) -> Done
    where
        I: IntoIterator,
        I::Item: Serialize,
    {
        let mut c = Compound::open(self.0, "[", "]");
        for v in items {
            v.serialize(c.next())?;
        }
        c.end()
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Compound<'a>, Unsupported> {
        Ok(Compound::open(self.0, "[", "]"))
    }
    fn serialize_tuple(self, _: usize) -> Result<Compound<'a>, Unsupported> {
        self.serialize_seq(None)
    }
    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Compound<'a>, Unsupported> {
        self.serialize_seq(None)
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        name: &'static str,
        _: usize,
    ) -> Result<Compound<'a>, Unsupported> {
        let mut c = Compound::open(self.0, "{", "]}");
        c.key(name).0.push('[');
        Ok(Compound::open(c.out, "", "]}"))
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Compound<'a>, Unsupported> {
        Ok(Compound::open(self.0, "{", "}"))
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Compound<'a>, Unsupported> {
        self.serialize_map(None)
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        name: &'static str,
        _: usize,
    ) -> Result<Compound<'a>, Unsupported> {
        let mut c = Compound::open(self.0, "{", "}}");
        c.key(name).0.push('{');
        Ok(Compound::open(c.out, "", "}}"))
    }
}

/// The four sequence-shaped traits, one body: each element in turn.
macro_rules! sequence {
    ($($kind:ident :: $each:ident),*) => {$(
        impl ser::$kind for Compound<'_> {
            type Ok = ();
            type Error = Unsupported;
            fn $each<T: Serialize + ?Sized>(&mut self, v: &T) -> Done {
                v.serialize(self.next())
            }
            fn end(self) -> Done {
                Compound::end(self)
            }
        }
    )*};
}
sequence!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

/// A map's keys are strings in JSON: a number or a flag is quoted, as
/// serde_json quotes them.
impl ser::SerializeMap for Compound<'_> {
    type Ok = ();
    type Error = Unsupported;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, k: &T) -> Done {
        let w = self.next();
        let at = w.0.len();
        k.serialize(Writer(w.0))?;
        if w.0.as_bytes().get(at) != Some(&b'"') {
            w.0.insert(at, '"');
            w.0.push('"');
        }
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, v: &T) -> Done {
        self.out.push(':');
        v.serialize(Writer(self.out))
    }
    fn end(self) -> Done {
        Compound::end(self)
    }
}

/// The two named-field traits, one body: each field under its key.
macro_rules! fields {
    ($($kind:ident),*) => {$(
        impl ser::$kind for Compound<'_> {
            type Ok = ();
            type Error = Unsupported;
            fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, v: &T) -> Done {
                v.serialize(self.key(key))
            }
            fn end(self) -> Done {
                Compound::end(self)
            }
        }
    )*};
}
fields!(SerializeStruct, SerializeStructVariant);
