//! Browser layer.
