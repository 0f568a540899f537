//! 'Mes données' as a page a member reads and prints, in their language: the same collection
//! as the JSON download (`db::privacy::export::member_data`), each row as a list of its fields.

use centre_core::Lang;
use serde_json::{Map, Value};

use crate::auth::pages::escape;
use crate::db::privacy::OfficerRow;
use crate::db::privacy::export::MemberData;

/// (key, French, English) of each section's heading.
const SECTIONS: &[(&str, &str, &str)] = &[
    ("user", "Votre compte", "Your account"),
    ("roles", "Vos rôles", "Your roles"),
    (
        "eventRegistrations",
        "Vos inscriptions aux événements (avec les équipiers inscrits)",
        "Your event registrations (with the team members entered)",
    ),
    ("courtBookings", "Vos réservations de terrain", "Your court bookings"),
    (
        "dayCampRegistrations",
        "Vos inscriptions au camp de jour (données des enfants)",
        "Your day-camp registrations (the children's data)",
    ),
    ("dayCampWeeks", "Semaines de camp de chaque enfant", "Each child's camp weeks"),
    ("healthForms", "Fiches santé de vos enfants", "Your children's health forms"),
    ("healthAllergies", "Allergies de vos enfants", "Your children's allergies"),
    (
        "healthPeople",
        "Contacts d'urgence et adultes autorisés à venir chercher vos enfants",
        "Emergency contacts and adults allowed to pick your children up",
    ),
    ("healthConsents", "Vos consentements aux fiches santé", "Your consents to the health forms"),
    (
        "campPayers",
        "Payeurs des frais de camp (relevé 24), numéro d'assurance sociale masqué",
        "Payers of the camp fees (RL-24), social insurance number masked",
    ),
    (
        "campAttendance",
        "Présences de vos enfants au camp (arrivées, départs, qui est venu les chercher)",
        "Your children's attendance at camp (arrivals, departures, who picked them up)",
    ),
    ("absenceNotices", "Absences motivées de vos enfants", "Your children's excused absences"),
    (
        "pickupOverrides",
        "Autres personnes autorisées par la direction à venir chercher vos enfants",
        "Other people the management allowed to pick your children up",
    ),
    ("waitlistEntries", "Vos listes d'attente (avec le formulaire envoyé)", "Your waiting lists (with the form sent)"),
    ("payments", "Paiements reçus", "Payments received"),
    (
        "childRecordViews",
        "Consultations des fiches de vos enfants par l'équipe d'animation",
        "Openings of your children's records by the camp staff",
    ),
    ("campStaffWeeks", "Semaines de camp qui vous sont confiées", "Camp weeks given to you"),
    ("waitlistOffers", "Places qui vous ont été offertes", "Places offered to you"),
    (
        "matchReports",
        "Résultats de match que vous avez déclarés pour votre équipe",
        "Match results you reported for your team",
    ),
    ("deletionRequests", "Vos demandes de suppression", "Your deletion requests"),
    (
        "addressesTyped",
        "Adresses de courriel que vous avez saisies dans vos inscriptions et réservations",
        "E-mail addresses you typed into your registrations and bookings",
    ),
    (
        "emails",
        "Courriels que le centre vous a écrits au sujet de vos inscriptions et réservations",
        "E-mails the centre wrote to you about your registrations and bookings",
    ),
];

/// (column, French, English) for the fields a member most needs named; others show their name.
const FIELDS: &[(&str, &str, &str)] = &[
    ("what", "Allergie", "Allergy"),
    ("severity", "Gravité", "Severity"),
    ("epinephrine", "Auto-injecteur d'épinéphrine", "Epinephrine auto-injector"),
    ("medication", "Médicaments", "Medication"),
    ("conditions", "Conditions médicales", "Medical conditions"),
    ("may_leave_alone", "Peut quitter seul", "May leave alone"),
    ("photo_permission", "Photos permises", "Photos allowed"),
    ("kind", "Type", "Kind"),
    ("name", "Nom", "Name"),
    ("sin_masked", "Numéro d'assurance sociale", "Social insurance number"),
    ("share_percent", "Part (%)", "Share (%)"),
    ("relation", "Lien avec l'enfant", "Relationship to the child"),
    ("action", "Consentement", "Consent"),
    ("version", "Version du texte", "Text version"),
    ("id", "Numéro", "Number"),
    ("email", "Courriel", "E-mail"),
    ("first_name", "Prénom", "First name"),
    ("last_name", "Nom", "Last name"),
    ("phone", "Téléphone", "Phone"),
    ("created_at", "Créé le", "Created"),
    ("event_title", "Événement", "Event"),
    ("event_start_date", "Date de l'événement", "Event date"),
    ("team_name", "Équipe", "Team"),
    ("captain_first_name", "Prénom du capitaine", "Captain's first name"),
    ("captain_last_name", "Nom du capitaine", "Captain's last name"),
    ("captain_email", "Courriel du capitaine", "Captain's e-mail"),
    ("payment_status", "Paiement", "Payment"),
    ("payment_reference", "Référence de paiement", "Payment reference"),
    ("amount_due_cents", "Montant dû (cents)", "Amount due (cents)"),
    ("amount_cents", "Montant (cents)", "Amount (cents)"),
    ("court_name", "Terrain", "Court"),
    ("start_time", "Début", "Start"),
    ("end_time", "Fin", "End"),
    ("child_first_name", "Prénom de l'enfant", "Child's first name"),
    ("child_last_name", "Nom de l'enfant", "Child's last name"),
    ("child_birth_date", "Date de naissance", "Birth date"),
    ("parent_name", "Parent", "Parent"),
    ("parent_email", "Courriel du parent", "Parent's e-mail"),
    ("parent_phone", "Téléphone du parent", "Parent's phone"),
    ("emergency_phone", "Téléphone d'urgence", "Emergency phone"),
    ("medical_conditions", "Conditions médicales", "Medical conditions"),
    ("can_swim", "Sait nager", "Can swim"),
    ("notes", "Notes", "Notes"),
    ("status", "État", "Status"),
    ("requested_at", "Demandée le", "Requested"),
    ("subject", "Objet", "Subject"),
    ("record", "Fiche", "Record"),
    ("record_id", "Numéro de la fiche", "Record number"),
    ("field", "Champ", "Field"),
    ("address", "Adresse", "Address"),
    ("about_kind", "Au sujet de", "About"),
    ("about_id", "Numéro de la fiche", "Record number"),
    ("to_address", "Envoyé à", "Sent to"),
];

fn pick(lang: Lang, fr: &'static str, en: &'static str) -> &'static str {
    if lang == Lang::En { en } else { fr }
}

fn label(column: &str, lang: Lang) -> String {
    FIELDS
        .iter()
        .find(|(c, ..)| *c == column)
        .map_or_else(|| column.to_owned(), |(_, fr, en)| pick(lang, fr, en).to_owned())
}

fn text(value: &Value) -> String {
    match value {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

fn row_html(out: &mut String, row: &Map<String, Value>, lang: Lang) {
    out.push_str("<dl>");
    for (column, value) in row.iter().filter(|(_, v)| !v.is_null()) {
        out.push_str(&format!("<dt>{}</dt><dd>{}</dd>", escape(&label(column, lang)), escape(&text(value))));
    }
    out.push_str("</dl>");
}

const STYLE: &str = "body{font-family:system-ui,sans-serif;color:#0f172a;max-width:48rem;margin:2rem auto;padding:0 1rem;line-height:1.5}\
h2{margin-top:2rem;border-bottom:1px solid #cbd5e1}dl{display:grid;grid-template-columns:minmax(8rem,1fr) 2fr;gap:.25rem 1rem;\
border:1px solid #e2e8f0;border-radius:.5rem;padding:.75rem;margin:.75rem 0;break-inside:avoid}dt{font-weight:600}\
dd{margin:0;white-space:pre-wrap;overflow-wrap:anywhere}@media print{body{margin:0}}";

/// The whole page. `generated` is when, in the centre's time, as the member reads it.
pub fn page(data: &MemberData, officer: Option<&OfficerRow>, lang: Lang, generated: &str) -> String {
    let title = pick(lang, "Mes données — Centre plein air de La Pêche", "My data — Centre plein air de La Pêche");
    let mut out = format!(
        "<!doctype html><html lang=\"{}\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\
         <title>{}</title><style>{STYLE}</style></head><body><main><h1>{}</h1><p>{} {}</p>",
        lang.as_str(),
        escape(title),
        escape(title),
        pick(
            lang,
            "Tout ce que le centre conserve à votre sujet et au sujet des enfants que vous avez inscrits, en date du",
            "Everything the centre holds about you and the children you registered, as of"
        ),
        escape(generated),
    );
    if let Some(o) = officer {
        out.push_str(&format!(
            "<p>{} {} ({}), <a href=\"mailto:{}\">{}</a>, {}.</p>",
            pick(
                lang,
                "Pour faire corriger ou supprimer ces données, écrivez à",
                "To have this data corrected or deleted, write to"
            ),
            escape(&o.name),
            escape(&o.title),
            escape(&o.email),
            escape(&o.email),
            escape(&o.phone),
        ));
    }
    let empty = pick(lang, "Aucune donnée.", "Nothing.");
    let user_rows: Vec<Map<String, Value>> = data.user.iter().cloned().collect();
    let sections = std::iter::once(("user", &user_rows)).chain(data.sections.iter().map(|s| (s.key, &s.rows)));
    for (key, rows) in sections {
        let heading = SECTIONS.iter().find(|(k, ..)| *k == key).map_or(key, |(_, fr, en)| pick(lang, fr, en));
        out.push_str(&format!("<section><h2>{} ({})</h2>", escape(heading), rows.len()));
        if rows.is_empty() {
            out.push_str(&format!("<p>{empty}</p>"));
        }
        for row in rows {
            row_html(&mut out, row, lang);
        }
        out.push_str("</section>");
    }
    out.push_str("</main></body></html>");
    out
}
