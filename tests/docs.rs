#![cfg(not(target_arch = "wasm32"))]
//! The repository explains itself: every "rules §N" or "rules §N.M" that
//! the code, the tests and the docs cite is a section or a rule of
//! `docs/rules.md`, and nothing cites a document outside the repository.

use std::fs;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every text file under the folders and files that make the project.
fn files() -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut todo: Vec<PathBuf> = ["src", "tests", "docs", "www", "scripts"]
        .iter()
        .map(|d| root().join(d))
        .collect();
    for f in [
        "README.md",
        "index.html",
        "CHANGELOG.md",
        "Cargo.toml",
        "Trunk.toml",
    ] {
        out.push(root().join(f));
    }
    while let Some(dir) = todo.pop() {
        let Ok(entries) = fs::read_dir(&dir) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if p.is_dir() {
                if !matches!(name, "node_modules" | "screenshots" | "target") {
                    todo.push(p);
                }
            } else if matches!(
                p.extension().and_then(|x| x.to_str()),
                Some("rs" | "md" | "mjs" | "js" | "json" | "html" | "css" | "sh" | "toml")
            ) && name != "package-lock.json"
            {
                out.push(p);
            }
        }
    }
    out
}

fn read(p: &Path) -> String {
    fs::read_to_string(p).unwrap_or_default()
}

/// The citations "rules §N" / "rules §N.M" in `text` (also as the JSON
/// escape `\u00a7`), as (N, M).
fn citations(text: &str) -> Vec<(u32, Option<u32>)> {
    let text = text.replace("\\u00a7", "§");
    let mut out = Vec::new();
    for (i, _) in text.match_indices("rules §") {
        let rest = &text[i + "rules §".len()..];
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        let Ok(n) = digits.parse::<u32>() else {
            continue;
        };
        let after = &rest[digits.len()..];
        let m = after
            .strip_prefix('.')
            .map(|a| {
                a.chars()
                    .take_while(char::is_ascii_digit)
                    .collect::<String>()
            })
            .and_then(|m| m.parse().ok());
        out.push((n, m));
    }
    out
}

#[test]
fn every_rule_cited_is_in_docs_rules_md() {
    let rules = read(&root().join("docs/rules.md"));
    assert!(!rules.is_empty(), "docs/rules.md is missing");
    let mut checked = 0;
    let mut missing = Vec::new();
    for f in files() {
        for (n, m) in citations(&read(&f)) {
            let heading = match m {
                Some(m) => format!("\n### {n}.{m} "),
                None => format!("\n## {n}. "),
            };
            if !rules.contains(&heading) {
                missing.push(format!(
                    "{}: rules §{n}{}",
                    f.display(),
                    m.map_or(String::new(), |m| format!(".{m}"))
                ));
            }
            checked += 1;
        }
    }
    assert!(
        missing.is_empty(),
        "cited but not in docs/rules.md:\n{}",
        missing.join("\n")
    );
    assert!(
        checked > 100,
        "only {checked} citations found: is the scan looking in the right place?"
    );
}

#[test]
fn nothing_cites_a_document_outside_the_repository() {
    // Written in two parts, so this file does not cite what it looks for.
    let outside = [
        concat!("../", "shared"),
        concat!("/work/", "shared"),
        concat!("dig", "est §"),
        concat!("dig", "est \\u00a7"),
        concat!("shared/", "rules"),
    ];
    let mut found = Vec::new();
    for f in files() {
        let text = read(&f);
        for o in outside {
            if text.contains(o) {
                found.push(format!("{}: {o}", f.display()));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn every_section_of_rules_md_has_numbered_rules() {
    let rules = read(&root().join("docs/rules.md"));
    for n in 1..=12 {
        assert!(
            rules.contains(&format!("\n## {n}. ")),
            "section {n} heading"
        );
        assert!(rules.contains(&format!("\n### {n}.1 ")), "rule {n}.1");
    }
}

#[test]
fn the_readme_is_a_landing_page_with_the_two_commands_first() {
    let readme = read(&root().join("README.md"));
    assert!(
        readme.lines().count() <= 150,
        "README.md has {} lines",
        readme.lines().count()
    );
    let play = readme
        .find("bash scripts/play.sh")
        .expect("the play command");
    let test = readme
        .find("bash scripts/test.sh")
        .expect("the test command");
    let first_other = readme.find("## How to play").unwrap_or(readme.len());
    assert!(
        play < first_other && test < first_other,
        "the two commands come first"
    );
    let ci = read(&root().join(".ci/run"));
    assert!(
        ci.contains("scripts/test.sh"),
        ".ci/run runs the README's test command"
    );
}
