//! The one message catalogue: every error code in French and English. The server's JSON error
//! bodies and the PWA's form messages both come from here, so a user reads the same sentence
//! wherever the rule was checked.

/// The two interface languages; French is the default. Stored (the language a member registered
/// in, for the e-mails about it) and sent as `fr` or `en`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    #[default]
    Fr,
    En,
}

crate::stored::stored_text!(Lang { Fr = "fr", En = "en" });

impl Lang {
    /// Picks the language from an `Accept-Language`-style value (`en-CA,en;q=0.9`, `fr`, ...).
    /// The first tag naming `fr` or `en` wins; anything else means French.
    pub fn from_accept_language(value: &str) -> Lang {
        value.split(',').find_map(|part| Lang::from_tag(part.split(';').next().unwrap_or(""))).unwrap_or(Lang::Fr)
    }

    /// The language a tag names (`en`, `en-CA`, `fr-ca`…), if it is one of the two.
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let tag = tag.trim().to_ascii_lowercase();
        if tag.starts_with("en") {
            Some(Lang::En)
        } else if tag.starts_with("fr") {
            Some(Lang::Fr)
        } else {
            None
        }
    }
}

/// `(code, French, English)`. Codes are stable: clients and tests rely on them.
#[rustfmt::skip]
pub const CATALOGUE: &[(&str, &str, &str)] = &[
    // Generic HTTP-level errors.
    ("malformed_json", "La requête est mal formée.", "The request is malformed."),
    ("unauthorized", "Vous devez être connecté.", "You must be logged in."),
    ("forbidden", "Vous n'avez pas les permissions nécessaires.", "You do not have the required permissions."),
    ("forbidden_origin", "Requête refusée : origine non autorisée.", "Request refused: origin not allowed."),
    ("not_found", "Ressource introuvable.", "Not found."),
    ("conflict", "Conflit avec l'état actuel.", "Conflict with the current state."),
    ("payload_too_large", "La requête est trop volumineuse.", "The request is too large."),
    ("validation", "Certains champs sont invalides.", "Some fields are invalid."),
    ("internal", "Une erreur interne s'est produite. Veuillez réessayer.", "An internal error occurred. Please try again."),
    ("unavailable", "Le service est momentanément indisponible. Veuillez réessayer.", "The service is temporarily unavailable. Please try again."),
    ("rate_limited", "Trop de requêtes. Réessayez dans quelques instants.", "Too many requests. Please try again in a moment."),
    ("request_timeout", "La requête est arrivée trop lentement. Veuillez réessayer.", "The request arrived too slowly. Please try again."),
    ("too_many_streams", "Trop de pages en direct sont ouvertes. Réessayez dans quelques instants.", "Too many live pages are open. Please try again in a moment."),
    // Field validation. Several texts are the centre's set wording ('Email invalide', 'Le prénom du
    // responsable est requis', 'Please select a week', ...): keep those word for word.
    ("too_long", "Ce champ est trop long.", "This field is too long."),
    ("text_control", "Ce champ contient des caractères non permis.", "This field contains characters that are not allowed."),
    ("email_invalid", "Email invalide", "Invalid email"),
    ("phone_invalid", "Numéro de téléphone invalide", "Invalid phone number"),
    ("date_invalid", "Date invalide", "Invalid date"),
    ("captain_first_name_required", "Le prénom du responsable est requis", "The captain's first name is required"),
    ("captain_last_name_required", "Le nom du responsable est requis", "The captain's last name is required"),
    ("member2_first_name_required", "Le prénom du membre 2 est requis", "Member 2's first name is required"),
    ("member2_last_name_required", "Le nom du membre 2 est requis", "Member 2's last name is required"),
    ("missing_fields", "Champs manquants: Veuillez remplir tous les champs obligatoires.", "Missing fields: Please fill in all required fields."),
    ("court_invalid", "Terrain invalide", "Invalid court"),
    ("end_before_start", "L'heure de fin doit être après l'heure de début", "The end time must be after the start time"),
    ("players_range", "Le nombre de joueurs doit être entre 1 et 12", "The number of players must be between 1 and 12"),
    ("date_required", "Date requise", "Date required"),
    ("select_date_first", "Veuillez d'abord choisir une date", "Please select a date first"),
    ("week_required", "Veuillez choisir une semaine", "Please select a week"),
    ("child_first_name_required", "Le prénom de l'enfant est requis", "Child's first name is required"),
    ("child_last_name_required", "Le nom de l'enfant est requis", "Child's last name is required"),
    ("child_birth_date_required", "La date de naissance de l'enfant est requise", "Child's birth date is required"),
    ("birth_date_invalid", "Date de naissance invalide", "Invalid birth date"),
    ("parent_name_required", "Le nom du parent est requis", "Parent name is required"),
    ("parent_email_invalid", "Un courriel valide est requis", "Valid email is required"),
    ("phone_required", "Le numéro de téléphone est requis", "Phone number is required"),
    ("gender_invalid", "Genre invalide", "Invalid gender"),
    ("title_required", "Le titre est requis", "Title is required"),
    ("description_required", "La description est requise", "Description is required"),
    ("start_date_required", "La date de début est requise", "Start date is required"),
    ("location_required", "Le lieu est requis", "Location is required"),
    ("end_date_before_start", "La date de fin ne peut pas précéder la date de début", "The end date cannot be before the start date"),
    ("price_invalid", "Le prix doit être un montant positif ou nul, au plus 2 décimales", "The price must be zero or more, with at most 2 decimals"),
    ("max_participants_invalid", "Le nombre maximum de participants doit être un nombre entier d'au moins 1", "Maximum participants must be a whole number of at least 1"),
    ("courts_invalid", "Le nombre de terrains doit être un nombre entier entre 1 et 4", "The number of courts must be a whole number from 1 to 4"),
    ("duration_invalid", "La durée d'un match doit être un nombre entier de 10 à 60 minutes", "A match must last a whole number of minutes from 10 to 60"),
    ("break_invalid", "La pause entre les matchs doit être un nombre entier de 5 à 30 minutes", "The break between matches must be a whole number of minutes from 5 to 30"),
    ("pool_count_invalid", "Le nombre de poules doit être un nombre entier entre 1 et 4", "The number of pools must be a whole number from 1 to 4"),
    ("score_required", "Le score est requis", "The score is required"),
    ("forfeit_side", "Choisissez l'équipe qui déclare forfait", "Choose the team that forfeits"),
    ("score_too_high", "Le score ne peut pas dépasser 999", "The score cannot be above 999"),
    ("match_teams_changed", "Les équipes de ce match ont changé depuis la saisie de ce score : il n'a pas été enregistré.", "The teams of this match changed after this score was entered: it was not recorded."),
    ("score_invalid", "Le score doit être un nombre entier positif ou nul", "The score must be a whole number, zero or more"),
    ("sets_required", "Saisissez le score de chaque manche.", "Enter the score of each set."),
    ("set_tied", "Une manche ne peut pas se terminer à égalité.", "A set cannot end level."),
    ("set_not_won", "Une manche n'est pas terminée : le gagnant doit atteindre les points de la manche.", "A set is not finished: the winner must reach the set's points."),
    ("set_win_by_two", "Une manche se gagne avec deux points d'écart.", "A set is won by two clear points."),
    ("set_too_long", "Une manche s'arrête dès qu'elle est gagnée : ce score est impossible.", "A set stops as soon as it is won: this score cannot happen."),
    ("set_over_cap", "Une manche ne peut pas dépasser le plafond de points.", "A set cannot go past its points cap."),
    ("set_after_decided", "Le match était déjà gagné : aucune manche ne se joue après.", "The match was already won: no set is played after that."),
    ("sets_undecided", "Le match n'est pas terminé : il manque une manche.", "The match is not finished: a set is missing."),
    ("sets_count", "Il y a plus de manches que le format du match n'en compte.", "There are more sets than the match's format has."),
    ("format_invalid", "Ce format de match n'existe pas ou n'est pas valide.", "This match format does not exist or is not valid."),
    ("format_locked", "Le format ne peut plus changer : cette phase a déjà des scores.", "The format can no longer change: this phase already has scores."),
    ("user_id_required", "L'identifiant de l'utilisateur est requis", "User ID is required"),
    // Business rules checked by the server (and, where pure, by core).
    ("slot_taken", "Ce créneau n'est plus disponible.", "This slot is no longer available."),
    ("event_full", "Complet", "Full"),
    ("already_registered", "Vous êtes déjà inscrit à cet événement.", "You are already registered for this event."),
    ("event_past", "Les inscriptions à cet événement sont fermées : il a déjà eu lieu.", "Registration for this event is closed: it has already taken place."),
    ("max_below_registered", "Le nombre maximum de participants ne peut pas être inférieur au nombre de personnes déjà inscrites.", "Maximum participants cannot be lower than the number of people already registered."),
    ("category_invalid", "Catégorie invalide", "Invalid category"),
    ("payment_status_invalid", "Statut de paiement invalide", "Invalid payment status"),
    ("payment_transition_invalid", "Ce changement de statut de paiement n'est pas possible.", "This payment status change is not possible."),
    ("payment_places_gone", "Les places de cette inscription ne sont plus disponibles.", "This registration's places are no longer available."),
    ("payment_tournament_started", "Le tournoi de cet événement a commencé : retirez l'équipe plutôt.", "This event's tournament has started: withdraw the team instead."),
    ("payment_deadline_days_invalid", "Le délai doit être de 1 à 365 jours.", "The delay must be 1 to 365 days."),
    ("offer_hours_invalid", "Le délai doit être un nombre entier de 2 à 336 heures.", "The delay must be a whole number from 2 to 336 hours."),
    ("transfer_amount_mismatch", "Le montant du virement ne correspond pas au montant dû.", "The transfer amount does not match the amount due."),
    ("transfer_already_recorded", "Ce virement ou ce paiement est déjà enregistré.", "This transfer or payment is already recorded."),
    ("transfer_batch_invalid", "Choisissez de 1 à 500 virements à confirmer.", "Choose 1 to 500 transfers to confirm."),
    ("reconcile_unreadable", "Aucun virement n'a pu être lu. Collez le texte complet des courriels de virement Interac ou téléversez l'export CSV de la banque.", "No transfer could be read. Paste the full text of the Interac transfer e-mails or upload the bank's CSV export."),
    ("reconcile_csv_header", "Ligne d'en-tête introuvable dans le fichier CSV : il faut une colonne de montant (Montant, Crédit, Dépôt…) et une colonne de date ou de description.", "No header row found in the CSV file: it needs an amount column (Amount, Credit, Deposit…) and a date or description column."),
    ("reconcile_csv_amount", "Montant illisible à la ligne {line} du fichier CSV.", "Unreadable amount on line {line} of the CSV file."),
    ("reconcile_csv_date", "Date illisible à la ligne {line} du fichier CSV.", "Unreadable date on line {line} of the CSV file."),
    ("reconcile_notification_amount", "Montant introuvable dans le courriel de virement n° {notification} : collez-le au complet.", "No amount found in transfer e-mail no. {notification}: paste it in full."),
    ("nothing_to_export", "Aucune inscription à exporter pour cet événement", "No registrations to export for this event"),
    ("date_in_past", "La date ne peut pas être antérieure à aujourd'hui.", "The date cannot be before today."),
    ("outside_opening_hours", "Le terrain est fermé à cette date ou à cette heure.", "The court is closed on that date or at that time."),
    ("wrong_slot_length", "Une réservation doit durer exactement un créneau.", "A booking must last exactly one slot."),
    ("not_a_slot", "Cette heure ne correspond pas au début d'un créneau.", "This time is not the start of a booking slot."),
    ("booking_limit", "Vous avez atteint le nombre maximal de réservations.", "You have reached the maximum number of bookings."),
    ("booking_already_cancelled", "Cette réservation est déjà annulée.", "This booking is already cancelled."),
    ("booking_not_confirmed", "Seule une réservation confirmée peut être annulée.", "Only a confirmed booking can be cancelled."),
    ("booking_started", "Cette réservation est commencée ou passée : elle ne peut plus être annulée.", "This booking has started or is over: it can no longer be cancelled."),
    ("month_invalid", "Mois invalide", "Invalid month"),
    ("week_full", "Cette semaine est complète.", "This week is full."),
    ("child_age", "L'âge de l'enfant ne correspond à aucun programme.", "The child's age does not match any program."),
    ("duplicate_child", "Cet enfant est déjà inscrit pour cette semaine.", "This child is already registered for this week."),
    // Waiting lists.
    ("place_held_by_offer", "Cette place est réservée à une personne de la liste d'attente.", "This place is held for someone on the waiting list."),
    ("waitlist_not_full", "Il reste des places : inscrivez-vous directement.", "Places are left: register directly."),
    ("waitlist_already", "Vous êtes déjà sur cette liste d'attente.", "You are already on this waiting list."),
    ("waitlist_closed", "Cette liste d'attente est fermée.", "This waiting list is closed."),
    ("offer_not_live", "Cette offre n'est plus valide.", "This offer is no longer valid."),
    ("waitlist_rank_invalid", "Le rang doit être un nombre entier à partir de 1.", "The rank must be a whole number from 1."),
    ("waitlist_target_invalid", "Choisissez un événement, ou un programme et une semaine.", "Choose an event, or a program and a week."),
    // Day camps: {placeholders} are filled by the caller (the server, or the PWA through core-wasm).
    ("child_age_program", "À {age} ans le premier jour de la semaine du {week}, l'enfant n'a pas l'âge du programme {program} ({min} à {max} ans).", "At {age} on the first day of the week of {week}, the child is not within the {program} program's ages ({min} to {max})."),
    ("camp_week_full", "La semaine du {week} est complète.", "The week of {week} is full."),
    ("camp_duplicate_child", "{child} est déjà inscrit(e) à la semaine du {week}.", "{child} is already registered for the week of {week}."),
    ("camp_week_started", "La semaine du {week} est commencée : les inscriptions sont fermées.", "The week of {week} has started: registration is closed."),
    ("camp_week_unknown", "Cette semaine de camp n'existe pas.", "This camp week does not exist."),
    (
        "not_camp_staff",
        "Ce membre n'a pas le rôle d'animateur : donnez-lui d'abord le rôle.",
        "This member is not camp staff: give them the role first.",
    ),
    // A day camp's daily attendance (attendance.rs).
    ("attendance_day_outside_week", "Ce jour ne fait pas partie de la semaine de camp de l'enfant.", "This day is not part of the child's camp week."),
    ("attendance_time_outside_day", "L'heure inscrite n'est pas dans la journée choisie.", "The time recorded is not within the chosen day."),
    ("attendance_not_arrived", "L'arrivée de l'enfant n'est pas inscrite : inscrivez-la avant son départ.", "The child's arrival is not recorded: record it before the departure."),
    ("attendance_departure_before_arrival", "Le départ doit suivre l'arrivée.", "The departure must come after the arrival."),
    ("attendance_already_arrived", "L'enfant est déjà arrivé(e) aujourd'hui : l'absence ne peut plus être inscrite.", "The child has already arrived today: the absence can no longer be recorded."),
    ("attendance_notice_past", "Une absence se signale au plus tard le jour même.", "An absence is reported on the day itself at the latest."),
    ("pickup_required", "Indiquez qui vient chercher l'enfant.", "Say who is picking the child up."),
    ("pickup_not_authorised", "Cette personne n'est pas autorisée à venir chercher l'enfant : il faut l'autorisation d'un administrateur pour ce jour.", "This person is not authorised to pick the child up: an admin's override for this day is needed."),
    ("pickup_override_invalid", "Indiquez le nom de la personne (1 à 100 caractères) et la raison (1 à 500 caractères).", "Give the person's name (1 to 100 characters) and the reason (1 to 500 characters)."),
    // The health form (fiche santé) and its consent.
    ("health_consent_required", "Cochez la case pour consentir à l'usage de la fiche santé : sans ce consentement, l'inscription est impossible.", "Tick the box to consent to the use of the health form: without this consent, registration is not possible."),
    ("health_consent_version", "Le texte du consentement a changé : rechargez la page et relisez-le.", "The consent text has changed: reload the page and read it again."),
    ("person_name_required", "Le nom est requis", "The name is required"),
    ("relation_required", "Le lien avec l'enfant est requis", "The relationship to the child is required"),
    ("allergy_required", "Indiquez l'allergie", "Name the allergy"),
    ("allergy_severity_required", "Choisissez la gravité de l'allergie", "Choose how severe the allergy is"),
    ("health_form_locked", "Le camp est commencé : la fiche santé ne peut plus être modifiée en ligne. Appelez le centre pour tout changement.", "The camp has started: the health form can no longer be changed online. Call the centre for any change."),
    ("health_consent_withdrawn", "Le consentement à la fiche santé est déjà retiré.", "Consent to the health form has already been withdrawn."),
    ("camp_program_unknown", "Ce programme de camp n'existe pas.", "This camp program does not exist."),
    ("camp_nothing_to_export", "Aucune inscription à exporter pour cette semaine", "No registrations to export for this week"),
    ("last_admin", "Vous êtes le dernier administrateur : vous ne pouvez pas retirer votre propre accès.", "You are the last admin: you cannot remove your own access."),
    ("unknown_user", "Utilisateur introuvable.", "Unknown user."),
    ("slot_settings_invalid", "Les paramètres des créneaux sont invalides.", "The slot settings are invalid."),
    ("time_zone_unsupported", "Fuseau horaire non pris en charge.", "Unsupported time zone."),
    // Tournaments.
    ("start_time_required", "L'heure de début du tournoi est requise.", "The tournament start time is required."),
    ("duplicate_team", "Une équipe apparaît deux fois.", "A team appears twice."),
    ("too_many_teams", "Trop d'équipes pour un tournoi (128 au maximum).", "Too many teams for one tournament (128 at most)."),
    ("knockout_draw", "Un match à élimination directe ne peut pas se terminer par une égalité.", "A knockout match cannot end in a draw."),
    ("match_teams_unknown", "Les équipes de ce match ne sont pas encore connues.", "The teams of this match are not known yet."),
    ("tournament_exists", "Un tournoi existe déjà pour cet événement.", "A tournament already exists for this event."),
    ("tournament_not_setup", "L'horaire de ce tournoi est déjà généré.", "The schedule of this tournament has already been generated."),
    ("not_enough_teams", "Il faut au moins 2 équipes inscrites pour générer l'horaire.", "At least 2 registered teams are needed to generate the schedule."),
    ("pool_too_small", "Chaque poule doit compter au moins 2 équipes : choisissez moins de poules.", "Every pool needs at least 2 teams: choose fewer pools."),
    ("match_completed", "Ce match est déjà terminé : son score est enregistré.", "This match is already over: its score is recorded."),
    ("scoring_invalid", "La saisie des scores est faite par l'organisation (staff) ou par les équipes (teams)", "Scores are entered by the organisers (staff) or by the teams (teams)"),
    ("confirm_minutes_invalid", "Le délai de confirmation doit être un nombre entier de 1 à 1440 minutes", "The confirmation window must be a whole number of minutes from 1 to 1440"),
    ("duty_invalid", "L'arbitrage est fait par personne (none) ou par les équipes (teams)", "Matches are refereed by nobody (none) or by the teams (teams)"),
    ("client_id_invalid", "L'identifiant de l'envoi compte au plus 64 caractères", "The client id is at most 64 characters long"),
    ("team_scoring_off", "Dans ce tournoi, l'organisation saisit les scores : remettez le vôtre à la table de marque.", "In this tournament the organisers enter the scores: give yours to the scorers' table."),
    ("duty_team_invalid", "Choisissez une équipe inscrite au tournoi", "Choose a team registered for the tournament"),
    ("duty_team_busy", "Cette équipe joue ou arbitre à ce moment-là : choisissez-en une autre.", "This team plays or referees at that time: choose another one."),
    ("duty_off", "Les matchs de ce tournoi n'ont pas d'équipe de service.", "This tournament's matches have no work team."),
    ("report_disputed", "Les deux équipes ont donné des résultats différents : l'organisation tranche.", "The two teams gave different results: the organisers decide."),
    ("report_already_proposed", "Une équipe a déjà proposé ce résultat : elle ou l'autre équipe y répond.", "A team has already proposed this result: it or the other team answers it."),
    ("concede_own_team_only", "Seule une équipe qui joue ce match peut déclarer forfait, et seulement pour elle-même.", "Only a team playing this match can concede, and only for itself."),
    ("league_nights_invalid", "Donnez les dates des soirées (AAAA-MM-JJ), ou la première soirée et un nombre de semaines de 1 à 30", "Give the nights' dates (YYYY-MM-DD), or the first night and a number of weeks from 1 to 30"),
    ("league_start_invalid", "L'heure de début doit être au format HH:MM (par exemple 18:30)", "The start time must be HH:MM (for example 18:30)"),
    ("confirm_hours_invalid", "Le délai de confirmation doit être un nombre entier de 1 à 168 heures", "The confirmation window must be a whole number of hours from 1 to 168"),
    ("league_too_few_teams", "Il faut au moins {needed} équipes pour former deux groupes ; {teams} sont inscrites.", "At least {needed} teams are needed to form two groups; {teams} are registered."),
    ("league_too_many_teams", "Une soirée de ligue compte au plus 128 équipes.", "A league night holds at most 128 teams."),
    ("league_group_size_invalid", "Les groupes comptent 3 ou 4 équipes", "Groups hold 3 or 4 teams"),
    ("league_too_many_waves", "Les groupes demandent {needed} minutes, mais les terrains ferment {available} minutes après le début : ajoutez un terrain, commencez plus tôt ou raccourcissez les matchs.", "The groups need {needed} minutes, but the courts close {available} minutes after the start: add a court, start earlier or shorten the matches."),
    ("league_courts_invalid", "Choisissez au moins un terrain", "Choose at least one court"),
    ("league_court_unknown", "Un des terrains choisis n'existe pas", "One of the chosen courts does not exist"),
    ("league_exists", "Cet événement a déjà une ligue.", "This event already has a league."),
    ("event_has_tournament", "Cet événement a un tournoi : il ne peut pas aussi être une ligue.", "This event has a tournament: it cannot also be a league."),
    ("event_has_league", "Cet événement est une ligue : il ne peut pas aussi avoir un tournoi.", "This event is a league: it cannot also have a tournament."),
    ("league_settings_locked", "Une soirée est jouée : les réglages de la ligue ne changent plus, seules les soirées s'ajoutent ou s'enlèvent.", "A night has been played: the league's settings no longer change, only nights are added or removed."),
    ("league_night_locked", "La soirée du {date} est publiée, jouée ou annulée : elle reste à sa place.", "The night of {date} is published, played or cancelled: it stays where it is."),
    ("league_seeding_invalid", "L'ordre de départ doit nommer chaque équipe inscrite, une seule fois.", "The seeding must name every registered team, once each."),
    ("closure_reason_invalid", "Choisissez la raison : orage, pluie, chaleur, qualité de l'eau ou autre", "Choose the reason: storm, rain, heat, water quality or other"),
    ("closure_message_too_long", "Le message compte au plus 500 caractères", "The message holds at most 500 characters"),
    ("league_night_played", "Cette soirée est jouée : elle ne change plus.", "This night has been played: it no longer changes."),
    ("league_night_cancelled", "Cette soirée est annulée.", "This night is cancelled."),
    ("league_night_started", "La soirée est commencée : seul un administrateur peut encore marquer une équipe absente.", "The night has started: only an admin can still mark a team absent."),
    ("league_team_unknown", "Cette équipe n'est pas inscrite à la ligue", "This team is not registered in the league"),
    ("league_night_courts_closed", "Les terrains choisis sont fermés le {date} (hors saison ou jour de fermeture).", "The chosen courts are closed on {date} (out of season or a closed day)."),
    ("league_seeding_locked", "La première soirée est jouée : l'ordre de départ ne change plus.", "The first night has been played: the seeding no longer changes."),
    ("match_not_completed", "Ce match n'a pas encore de score à corriger.", "This match has no score to correct yet."),
    ("correction_closed", "Le tableau éliminatoire est déjà tiré : ce score ne peut plus être corrigé.", "The knockout bracket has been drawn: this score can no longer be corrected."),
    ("storage_unavailable", "Le serveur ne peut rien enregistrer pour le moment : son espace de stockage est plein ou en lecture seule. Ce qui est déjà enregistré est intact ; réessayez plus tard.", "The server cannot save anything right now: its storage is full or read-only. What is already saved is intact; please try again later."),
    ("sync_gap", "Des saisies de cet appareil manquent au serveur : elles sont renvoyées depuis le numéro attendu.", "The server is missing entries from this device: they are sent again from the expected number."),
    ("sync_device_invalid", "L'identifiant de l'appareil est invalide.", "The device id is invalid."),
    ("sync_device_name_invalid", "Le nom de l'appareil doit compter de 1 à 60 caractères.", "The device name must be 1 to 60 characters long."),
    ("sync_too_many", "Trop de saisies à la fois : 200 au plus par envoi.", "Too many entries at once: at most 200 per push."),
    ("sync_entry_invalid", "Un score en attente est mal formé (numéro, identifiant ou date).", "A waiting score is malformed (number, id or date)."),
    ("conflict_resolved", "Ce conflit de score est déjà réglé.", "This score conflict is already settled."),
    ("courts_locked", "Le nombre de terrains ne peut plus changer une fois l'horaire généré.", "The number of courts cannot change once the schedule is generated."),
    ("pools_locked", "Le nombre de poules ne peut plus changer une fois l'horaire généré.", "The number of pools cannot change once the schedule is generated."),
    ("bracket_conflict", "Ce résultat changerait un match suivant déjà commencé.", "This result would change a later match that has already started."),
    // Payers, for the RL-24 (childcare expenses) figures.
    ("payer_name_required", "Le nom du payeur est requis", "The payer's name is required"),
    ("street_required", "L'adresse est requise", "The street address is required"),
    ("city_required", "La ville est requise", "The city is required"),
    ("province_invalid", "Choisissez la province", "Choose the province"),
    ("postal_code_invalid", "Code postal invalide (format A1A 1A1)", "Invalid postal code (format A1A 1A1)"),
    ("sin_invalid", "Numéro d'assurance sociale invalide : 9 chiffres", "Invalid social insurance number: 9 digits"),
    ("share_invalid", "Les parts des payeurs doivent totaliser 100 %.", "The payers' shares must add up to 100%."),
    ("too_many_payers", "Deux payeurs au plus.", "Two payers at most."),
    ("payers_locked", "Les payeurs ne peuvent plus être modifiés en ligne après le 31 janvier suivant le camp. Appelez le centre.", "The payers can no longer be changed online after 31 January following the camp. Call the centre."),
    ("sin_unavailable", "Le numéro d'assurance sociale ne peut pas être enregistré pour le moment : laissez-le vide et ajoutez-le plus tard.", "The social insurance number cannot be saved right now: leave it blank and add it later."),
    ("year_invalid", "Année invalide", "Invalid year"),
    ("rl24_nothing_to_export", "Aucun paiement de camp de jour reçu cette année", "No day-camp payment received that year"),
    // Privacy (Loi 25).
    ("field_required", "Ce champ est requis.", "This field is required."),
    ("incident_date_future", "La date ne peut pas être dans le futur.", "The date cannot be in the future."),
    ("health_months_invalid", "Un nombre entier de mois, de 1 à 60.", "A whole number of months, from 1 to 60."),
    ("records_years_invalid", "Un nombre entier d'années, de 6 (le minimum de la loi fiscale) à 20.", "A whole number of years, from 6 (the tax law's minimum) to 20."),
    ("deletion_outcome_invalid", "Choisissez : effectuée ou refusée.", "Choose: done or refused."),
    ("deletion_note_required", "Dites pourquoi la demande est refusée.", "Say why the request is refused."),
    ("deletion_request_open", "Une demande de suppression est déjà en cours.", "A deletion request is already open."),
    ("deletion_request_answered", "Cette demande a déjà reçu une réponse.", "This request has already been answered."),
];

const MONTHS: [(&str, &str); 12] = [
    ("janvier", "January"),
    ("février", "February"),
    ("mars", "March"),
    ("avril", "April"),
    ("mai", "May"),
    ("juin", "June"),
    ("juillet", "July"),
    ("août", "August"),
    ("septembre", "September"),
    ("octobre", "October"),
    ("novembre", "November"),
    ("décembre", "December"),
];
const WEEKDAYS: [(&str, &str); 7] = [
    ("lundi", "Monday"),
    ("mardi", "Tuesday"),
    ("mercredi", "Wednesday"),
    ("jeudi", "Thursday"),
    ("vendredi", "Friday"),
    ("samedi", "Saturday"),
    ("dimanche", "Sunday"),
];

fn pick(pair: (&'static str, &'static str), lang: Lang) -> &'static str {
    match lang {
        Lang::Fr => pair.0,
        Lang::En => pair.1,
    }
}

/// The month's name, `month0` counting from 0 for January (chrono's `month0()`).
pub fn month_name(month0: u32, lang: Lang) -> &'static str {
    MONTHS.get(month0 as usize).map_or("", |pair| pick(*pair, lang))
}

/// The weekday's name, counting from 0 for Monday (chrono's `num_days_from_monday()`).
pub fn weekday_name(days_from_monday: u32, lang: Lang) -> &'static str {
    WEEKDAYS.get(days_from_monday as usize).map_or("", |pair| pick(*pair, lang))
}

/// The message for `code` in `lang`; `None` for an unknown code.
pub fn message(code: &str, lang: Lang) -> Option<&'static str> {
    CATALOGUE.iter().find(|(c, _, _)| *c == code).map(|(_, fr, en)| match lang {
        Lang::Fr => *fr,
        Lang::En => *en,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique() {
        let mut codes: Vec<_> = CATALOGUE.iter().map(|(c, _, _)| *c).collect();
        codes.sort_unstable();
        let before = codes.len();
        codes.dedup();
        assert_eq!(before, codes.len());
    }

    #[test]
    fn accept_language_picks_first_known() {
        assert_eq!(Lang::from_accept_language("en-CA,en;q=0.9,fr;q=0.8"), Lang::En);
        assert_eq!(Lang::from_accept_language("de, fr-CA;q=0.5"), Lang::Fr);
        assert_eq!(Lang::from_accept_language(""), Lang::Fr);
        assert_eq!(message("not_found", Lang::En), Some("Not found."));
    }
}
