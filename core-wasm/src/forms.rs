//! Form inputs read field by field from a parsed JSON object. serde's derived `Deserialize`
//! does the same, but each form's generated code weighed several kilobytes of `.wasm` (about
//! 13 KB gzipped for the six forms); these few lines replace it. `tests/forms.rs` proves the
//! result equals serde's for every field, so the two cannot drift apart.

use centre_core::format::FormatInput;
use centre_core::validation::{
    AllergyInput, CourtBookingInput, DayCampRegistrationInput, EventInput, HealthFormInput, HealthFormUpdateInput,
    NumberInput, PersonInput, ScoreInput, TeamRegistrationInput, TournamentConfigInput,
};
use serde_json::{Map, Value};

use crate::failure::Failure;

/// A JSON object whose fields are read one by one; a field of the wrong JSON type is malformed.
pub struct Obj(Map<String, Value>);

impl Obj {
    pub fn parse(json: &str) -> Result<Obj, Failure> {
        match serde_json::from_str::<Value>(json) {
            Ok(Value::Object(map)) => Ok(Obj(map)),
            _ => Err(Failure::Malformed),
        }
    }

    fn get(&self, key: &str) -> Option<&Value> {
        self.0.get(key).filter(|v| !v.is_null())
    }

    pub(crate) fn text(&self, key: &str) -> Result<Option<String>, Failure> {
        match self.get(key) {
            None => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(_) => Err(Failure::Malformed),
        }
    }

    fn number(&self, key: &str) -> Result<Option<NumberInput>, Failure> {
        match self.get(key) {
            None => Ok(None),
            Some(Value::String(s)) => Ok(Some(NumberInput::Text(s.clone()))),
            Some(Value::Number(n)) => n.as_f64().map(|f| Some(NumberInput::Number(f))).ok_or(Failure::Malformed),
            Some(_) => Err(Failure::Malformed),
        }
    }

    /// A nested value read by serde (a match format, a score's sets).
    pub(crate) fn value<T: serde::de::DeserializeOwned>(&self, key: &str) -> Result<Option<T>, Failure> {
        self.get(key).map(|v| serde_json::from_value(v.clone()).map_err(|_| Failure::Malformed)).transpose()
    }

    /// A match format: a preset's id, or a custom object (read without serde's untagged
    /// buffering, which weighed about 9 KB gzipped).
    fn format(&self, key: &str) -> Result<Option<FormatInput>, Failure> {
        match self.get(key) {
            None => Ok(None),
            Some(Value::String(id)) => Ok(Some(FormatInput::Preset(id.clone()))),
            Some(v @ Value::Object(_)) => {
                serde_json::from_value(v.clone()).map(|c| Some(FormatInput::Custom(c))).map_err(|_| Failure::Malformed)
            }
            Some(_) => Err(Failure::Malformed),
        }
    }

    /// A whole number that fits `u32` (a count, a score).
    pub(crate) fn whole(&self, key: &str) -> Result<Option<u32>, Failure> {
        match self.get(key) {
            None => Ok(None),
            Some(Value::Number(n)) => {
                n.as_u64().and_then(|n| u32::try_from(n).ok()).map(Some).ok_or(Failure::Malformed)
            }
            Some(_) => Err(Failure::Malformed),
        }
    }

    pub(crate) fn flag(&self, key: &str) -> Result<Option<bool>, Failure> {
        match self.get(key) {
            None => Ok(None),
            Some(Value::Bool(b)) => Ok(Some(*b)),
            Some(_) => Err(Failure::Malformed),
        }
    }

    /// A nested object read by `read` (the health form).
    pub(crate) fn object<T>(&self, key: &str, read: fn(&Obj) -> Result<T, Failure>) -> Result<Option<T>, Failure> {
        match self.get(key) {
            None => Ok(None),
            Some(Value::Object(map)) => read(&Obj(map.clone())).map(Some),
            Some(_) => Err(Failure::Malformed),
        }
    }

    /// A list of objects, each read by `read` (the health form's rows).
    pub(crate) fn rows<T>(&self, key: &str, read: fn(&Obj) -> Result<T, Failure>) -> Result<Option<Vec<T>>, Failure> {
        match self.get(key) {
            None => Ok(None),
            Some(Value::Array(items)) => items
                .iter()
                .map(|v| match v {
                    Value::Object(map) => read(&Obj(map.clone())),
                    _ => Err(Failure::Malformed),
                })
                .collect::<Result<Vec<_>, _>>()
                .map(Some),
            Some(_) => Err(Failure::Malformed),
        }
    }

    pub(crate) fn texts(&self, key: &str) -> Result<Option<Vec<String>>, Failure> {
        match self.get(key) {
            None => Ok(None),
            Some(Value::Array(items)) => items
                .iter()
                .map(|v| v.as_str().map(str::to_owned).ok_or(Failure::Malformed))
                .collect::<Result<Vec<_>, _>>()
                .map(Some),
            Some(_) => Err(Failure::Malformed),
        }
    }
}

pub fn team_registration(o: &Obj) -> Result<TeamRegistrationInput, Failure> {
    Ok(TeamRegistrationInput {
        team_name: o.text("teamName")?,
        captain_first_name: o.text("captainFirstName")?,
        captain_last_name: o.text("captainLastName")?,
        captain_email: o.text("captainEmail")?,
        member2_first_name: o.text("member2FirstName")?,
        member2_last_name: o.text("member2LastName")?,
        member2_email: o.text("member2Email")?,
        member3_first_name: o.text("member3FirstName")?,
        member3_last_name: o.text("member3LastName")?,
        member3_email: o.text("member3Email")?,
        member4_first_name: o.text("member4FirstName")?,
        member4_last_name: o.text("member4LastName")?,
        member4_email: o.text("member4Email")?,
    })
}

pub fn court_booking(o: &Obj) -> Result<CourtBookingInput, Failure> {
    Ok(CourtBookingInput {
        court_id: o.number("courtId")?,
        first_name: o.text("firstName")?,
        last_name: o.text("lastName")?,
        email: o.text("email")?,
        phone: o.text("phone")?,
        start_time: o.text("startTime")?,
        end_time: o.text("endTime")?,
        players: o.number("players")?,
        comments: o.text("comments")?,
        ball_rental: o.flag("ballRental")?,
    })
}

pub fn day_camp_registration(o: &Obj) -> Result<DayCampRegistrationInput, Failure> {
    Ok(DayCampRegistrationInput {
        week_id: o.text("weekId")?,
        week_ids: o.texts("weekIds")?,
        child_first_name: o.text("childFirstName")?,
        child_last_name: o.text("childLastName")?,
        child_birth_date: o.text("childBirthDate")?,
        child_gender: o.text("childGender")?,
        parent_name: o.text("parentName")?,
        parent_email: o.text("parentEmail")?,
        parent_phone: o.text("parentPhone")?,
        emergency_phone: o.text("emergencyPhone")?,
        medical_conditions: o.text("medicalConditions")?,
        can_swim: o.flag("canSwim")?,
        health_form: o.object("healthForm", health_form)?,
        health_consent: o.flag("healthConsent")?,
        health_consent_version: o.text("healthConsentVersion")?,
        // The payers are checked by the server only (the WASM budget).
        payers: None,
    })
}

pub fn health_form_update(o: &Obj) -> Result<HealthFormUpdateInput, Failure> {
    Ok(HealthFormUpdateInput {
        health_form: o.object("healthForm", health_form)?,
        health_consent: o.flag("healthConsent")?,
        health_consent_version: o.text("healthConsentVersion")?,
    })
}

fn person(o: &Obj) -> Result<PersonInput, Failure> {
    Ok(PersonInput { name: o.text("name")?, relation: o.text("relation")?, phone: o.text("phone")? })
}

fn allergy(o: &Obj) -> Result<AllergyInput, Failure> {
    Ok(AllergyInput { what: o.text("what")?, severity: o.text("severity")?, epinephrine: o.flag("epinephrine")? })
}

pub fn health_form(o: &Obj) -> Result<HealthFormInput, Failure> {
    Ok(HealthFormInput {
        allergies: o.rows("allergies", allergy)?,
        medication: o.text("medication")?,
        conditions: o.text("conditions")?,
        can_swim: o.flag("canSwim")?,
        emergency_contacts: o.rows("emergencyContacts", person)?,
        pickups: o.rows("pickups", person)?,
        may_leave_alone: o.flag("mayLeaveAlone")?,
        photo_permission: o.flag("photoPermission")?,
    })
}

pub fn event(o: &Obj) -> Result<EventInput, Failure> {
    Ok(EventInput {
        title: o.text("title")?,
        title_en: o.text("titleEn")?,
        description: o.text("description")?,
        description_en: o.text("descriptionEn")?,
        category_id: o.text("categoryId")?,
        location: o.text("location")?,
        start_date: o.text("startDate")?,
        end_date: o.text("endDate")?,
        price: o.number("price")?,
        max_participants: o.number("maxParticipants")?,
        offer_hours: o.number("offerHours")?,
    })
}

pub fn tournament_config(o: &Obj) -> Result<TournamentConfigInput, Failure> {
    Ok(TournamentConfigInput {
        courts_available: o.number("courtsAvailable")?,
        match_duration_minutes: o.number("matchDurationMinutes")?,
        break_between_matches: o.number("breakBetweenMatches")?,
        start_time: o.text("startTime")?,
        pool_count: o.number("poolCount")?,
        pool_format: o.format("poolFormat")?,
        knockout_format: o.format("knockoutFormat")?,
        scoring: o.text("scoring")?,
        confirm_minutes: o.number("confirmMinutes")?,
        duty: o.text("duty")?,
    })
}

pub fn score(o: &Obj) -> Result<ScoreInput, Failure> {
    Ok(ScoreInput {
        team1_score: o.number("team1Score")?,
        team2_score: o.number("team2Score")?,
        sets: o.value("sets")?,
    })
}
