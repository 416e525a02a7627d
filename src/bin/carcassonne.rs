//! The `carcassonne` command: replay records, play random games, benchmark.
fn main() {}
