//! A league night's grid as an xlsx workbook, for the clubhouse board: sheet 'Grille', one row
//! per match (tier, court, time on the centre's clock, the two teams), then sheet 'Équipes', one
//! row per team (tier, court, team, its move since the last night played, absent or not).

use centre_core::league::Movement;
use chrono::NaiveDateTime;
use rust_xlsxwriter::{Workbook, XlsxError};

use super::{Cell, Page, local, write_sheet};
use crate::db::leagues::views::Tier;

pub const GRID_SHEET: &str = "Grille";
pub const GRID_HEADERS: [&str; 5] = ["Niveau", "Terrain", "Heure", "Équipe 1", "Équipe 2"];
pub const TEAMS_SHEET: &str = "Équipes";
pub const TEAMS_HEADERS: [&str; 5] = ["Niveau", "Terrain", "Équipe", "Mouvement", "Absente"];

fn movement_fr(m: Movement) -> &'static str {
    match m {
        Movement::Up => "↑ monte",
        Movement::Down => "↓ descend",
        Movement::Same => "= reste",
        Movement::New => "nouvelle",
    }
}

/// The matches, tier by tier, each at its start on the centre's wall clock.
pub fn match_rows(tiers: &[Tier], tz: chrono_tz::Tz) -> Vec<[Cell; 5]> {
    let name =
        |tier: &Tier, id: i64| tier.teams.iter().find(|t| t.id == id).map(|t| t.name.clone()).unwrap_or_default();
    tiers
        .iter()
        .flat_map(|tier| {
            tier.matches.iter().map(move |&(a, b, at)| {
                [
                    Cell::Number(tier.tier as f64),
                    Cell::text(&tier.court.name),
                    Cell::Time(Some(local(at, tz))),
                    Cell::Text(name(tier, a)),
                    Cell::Text(name(tier, b)),
                ]
            })
        })
        .collect()
}

/// The teams, tier by tier, in seed order.
pub fn team_rows(tiers: &[Tier]) -> Vec<[Cell; 5]> {
    tiers
        .iter()
        .flat_map(|tier| {
            tier.teams.iter().map(move |t| {
                [
                    Cell::Number(tier.tier as f64),
                    Cell::text(&tier.court.name),
                    Cell::text(&t.name),
                    Cell::text(movement_fr(t.movement)),
                    Cell::text(if t.absent { "Oui" } else { "" }),
                ]
            })
        })
        .collect()
}

/// The workbook's bytes, printed under 'Grille — {league}, soirée {n} ({date})'.
pub fn workbook(
    matches: &[[Cell; 5]],
    teams: &[[Cell; 5]],
    title: &str,
    exported: NaiveDateTime,
) -> Result<Vec<u8>, XlsxError> {
    let mut book = Workbook::new();
    let grid_title = format!("Grille — {title}");
    write_sheet(
        &mut book,
        &Page { sheet: GRID_SHEET, title: &grid_title, exported },
        &GRID_HEADERS,
        matches.iter().map(|r| r.as_slice()),
    )?;
    let teams_title = format!("Équipes — {title}");
    write_sheet(
        &mut book,
        &Page { sheet: TEAMS_SHEET, title: &teams_title, exported },
        &TEAMS_HEADERS,
        teams.iter().map(|r| r.as_slice()),
    )?;
    book.save_to_buffer()
}

/// `grille_{league}_soiree{n}_{date}.xlsx`, the night's date.
pub fn file_name(title: &str, number: u32, date: chrono::NaiveDate) -> String {
    format!("grille_{}_soiree{number}_{}.xlsx", super::slug(title, "ligue"), date.format("%Y-%m-%d"))
}
