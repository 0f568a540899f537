//! Notification e-mails and CSV exports as admins paste and upload them: the wording of the
//! Interac notices each bank sends, in French and English, with their small differences. Names,
//! reference numbers and accounts are made up.

/// Desjardins, French, deposited automatically, the member's reference typed badly.
pub const DESJARDINS_FR: &str = "\
Objet : Virement Interac : MARIE TREMBLAY vous a envoyé de l'argent.

Bonjour CENTRE PLEIN AIR DU LAC,

MARIE TREMBLAY vous a envoyé 40,00 $ (CAD) et l'argent a été déposé automatiquement dans votre compte à Desjardins.

Message : Ref: cj abc234 pour Léa

Date : 20 novembre 2026
Numéro de référence : CA1MRbYZ7nQ3

Ceci est un courriel sécurisé du service Virement Interac. Vous n'avez rien à faire.
";

/// RBC, English, deposited automatically, `$1,234.50`, the reference without its dash.
pub const RBC_EN: &str = "\
INTERAC e-Transfer: JOHN SMITH sent you money.

Hi CENTRE PLEIN AIR DU LAC,

JOHN SMITH sent you $1,234.50 (CAD) and the money has been automatically deposited into your bank account at Royal Bank of Canada.

Message: EV12K7MQ2X team Les Smashers

Date: November 20, 2026
Reference Number: CA1XyZ4kP9mN

This email was sent to you by INTERAC Corp., the owner of the INTERAC e-Transfer service, on behalf of ROYAL BANK OF CANADA.
";

/// TD, English deposit confirmation pasted from a web mail's table: each label alone on its
/// line, its value on the next; no message line.
pub const TD_EN_NO_MESSAGE: &str = "\
Interac e-Transfer
Your funds have been deposited.

Hi CENTRE PLEIN AIR DU LAC,
The money has been deposited into your account.

Date
Nov 21, 2026
Reference Number
C1AbCdEf2GhJ
Sent From
PIERRE GAGNON
Amount
$80.00 (CAD)

Please do not reply to this email.
";

/// BMO, one e-mail in both languages: one transfer, not two.
pub const BMO_BILINGUAL: &str = "\
INTERAC e-Transfer: SOPHIE LAVOIE sent you money.
(Le français suit)

Hi CENTRE PLEIN AIR DU LAC,
SOPHIE LAVOIE sent you $35.00 (CAD) and the money has been automatically deposited into your bank account at BMO.
Message: ev12 h3pw9d
Reference Number: CA9QwErTy7Ui
Date: Nov 22, 2026

Bonjour CENTRE PLEIN AIR DU LAC,
SOPHIE LAVOIE vous a envoyé 35,00 $ (CAD) et l'argent a été déposé automatiquement dans votre compte à BMO.
Message : ev12 h3pw9d
Numéro de référence : CA9QwErTy7Ui
Date : 22 nov. 2026
";

/// National Bank, French deposit confirmation: `Expéditeur :`, no-break spaces in `1 234,50 $`,
/// `1er décembre`.
pub const NATIONAL_FR: &str = "\
Virement Interac : Les fonds ont été déposés.

Bonjour CENTRE PLEIN AIR DU LAC,

Date : 1er décembre 2026
Numéro de référence : CA7hJ2kL3mN4
Expéditeur : JEAN-FRANÇOIS CÔTÉ
Montant : 1\u{a0}234,50\u{a0}$ (CAD)
Message : Inscription EV12-M4N5P6 équipe Les Bûcherons

Banque Nationale
";

/// Desjardins, French, to be accepted (not deposited automatically): `80,00$`, no date, a
/// message without any reference.
pub const DESJARDINS_FR_NO_REFERENCE: &str = "\
Virement Interac : ÉLODIE ROY vous a envoyé de l'argent.

Bonjour,

ÉLODIE ROY vous a envoyé 80,00$ (CAD).

Message : Paiement camp de jour
Numéro de référence : CA5tYuIoP0aS
Expire le : 20 décembre 2026

Pour déposer votre argent, cliquez sur le lien suivant.
";

/// A treasurer's forward, English: the forward's `From:` is Interac, the notice's is the sender.
pub const FORWARDED_EN: &str = "\
---------- Forwarded message ---------
From: Interac <notify@payments.interac.ca>
Date: Sun, Nov 23, 2026 at 9:02 AM
Subject: INTERAC e-Transfer: A transfer from KEVIN O'BRIEN has been automatically deposited.
To: <paiements@centrepleinair.ca>

Your funds have been deposited
From: KEVIN O'BRIEN
Amount: $45.00 (CAD)
Message: EV7-QR8TZ4
Reference Number: CA2bNmQwEr5T
";

/// A second transfer for the BMO sample's registration, another day, another number.
pub const RBC_EN_SECOND_FOR_H3PW9D: &str = "\
INTERAC e-Transfer: SOPHIE LAVOIE sent you money.

Hi CENTRE PLEIN AIR DU LAC,

SOPHIE LAVOIE sent you $35.00 (CAD) and the money has been automatically deposited into your bank account at Royal Bank of Canada.

Message: EV12-H3PW9D (encore, désolée!)

Date: November 24, 2026
Reference Number: CA3pLmKoJn8B
";

/// Desjardins' account export, French: preamble, semicolons, `Retrait`/`Dépôt`, a semicolon in a
/// quoted description, a closing balance row without a date.
pub const DESJARDINS_CSV_FR: &str = "\u{feff}Compte;815-30123-0012345
Période;2026-11-01 au 2026-11-30

Date;Description;Expéditeur;Retrait;Dépôt;Solde
2026-11-20;Virement Interac - Ref: cj abc234 pour Léa;MARIE TREMBLAY;;40,00;1 274,50
2026-11-20;Paiement Hydro-Québec;;120,00;;1 154,50
2026-11-21;\"Virement Interac - EV12; K7MQ2X\";JEAN ROY;;\"1 234,50\";2 389,00
2026-11-22;Frais mensuels;;4,95;;2 384,05
2026-11-23;Virement Interac;PIERRE GAGNON;;80,00;2 464,05
;Solde de clôture;;;;2 464,05
";

/// RBC's export, English: commas, quoted headers, two description columns, a signed `CAD$`,
/// month-first dates (`11/5/2026` is November 5 since `11/20/2026` is month-first).
pub const RBC_CSV_EN: &str = "\
\"Account Type\",\"Account Number\",\"Transaction Date\",\"Cheque Number\",\"Description 1\",\"Description 2\",\"CAD$\",\"USD$\"
Chequing,01234-5678901,11/20/2026,,\"e-Transfer - Autodeposit\",\"JOHN SMITH EV12K7MQ2X team\",1234.50,
Chequing,01234-5678901,11/21/2026,,\"Online Banking payment - 5521\",\"HYDRO ONE\",-85.20,
Chequing,01234-5678901,11/22/2026,,\"e-Transfer - Autodeposit\",\"SOPHIE LAVOIE ev12 h3pw9d\",35.00,
Chequing,01234-5678901,11/5/2026,,\"e-Transfer - Autodeposit\",\"PIERRE GAGNON\",80.00,
";

/// An English export with sender and memo columns, `$` amounts in separate withdrawal and
/// deposit columns, the same row twice (a transfer exported twice).
pub const TD_CSV_EN: &str = "\
Date,Name,Memo,Withdrawal,Deposit,Balance
2026-11-20,MARIE TREMBLAY,CJ-ABC234,,\"$40.00\",\"$1,274.50\"
2026-11-21,JEAN ROY,EV12 K7MQ2X,,\"$1,234.50\",\"$2,509.00\"
2026-11-21,JEAN ROY,EV12 K7MQ2X,,\"$1,234.50\",\"$3,743.50\"
2026-11-22,BELL CANADA,Bill payment,\"$95.00\",,\"$3,648.50\"
";
