import type { MailMessage } from './mailer.ts';

/**
 * Account mails in the player's language. Texts are short and plain; every mail has a text part
 * (what the dev mailbox shows) and a simple HTML part with the same words and a clickable link.
 * Every kind has its texts in every language; a player language we have no texts for gets English.
 */
export type Lang = 'en' | 'de' | 'es' | 'fr' | 'pt' | 'no' | 'ja';

/** The languages mails are written in, in this order wherever texts are listed. */
export const MAIL_LANGUAGES: readonly Lang[] = ['en', 'de', 'es', 'fr', 'pt', 'no', 'ja'];

export type MailKind =
  | 'confirmation'
  | 'reset_password'
  | 'email_change'
  | 'password_changed'
  | 'email_change_requested'
  | 'two_factor_enabled'
  | 'two_factor_disabled'
  | 'limit_change'
  | 'gdpr_report'
  | 'document_approved'
  | 'document_rejected';

interface Texts {
  greeting(name: string | null): string;
  confirmation: { subject: string; intro: string; outro: string };
  reset_password: { subject: string; intro: string; outro: string };
  email_change: { subject: string; intro: string; outro: string };
  email_change_requested: { subject: string; body: string[] };
  password_changed: { subject: string; body: string[] };
  two_factor_enabled: { subject: string; body: string[] };
  two_factor_disabled: { subject: string; body: string[] };
  limit_change: { subject: string; intro: string; outro: string };
  /** docs/verification.md#the-player-is-told */
  document_approved: { subject: string; intro: string; outro: string };
  /** `reason` quotes the operator's words, which are not translated. */
  document_rejected: { subject: string; intro: string; reason(reason: string): string; outro: string };
}

const TEXTS: Record<Lang, Texts> = {
  en: {
    greeting: (name) => (name ? `Hi ${name},` : 'Hi,'),
    document_approved: {
      subject: 'Your document was approved',
      intro: 'We checked the document you uploaded for verification and approved it.',
      outro: 'You can see the state of your verification on this page:',
    },
    document_rejected: {
      subject: 'Your document was not accepted',
      intro: 'We checked the document you uploaded for verification and could not accept it.',
      reason: (reason) => `The reason: ${reason}`,
      outro: 'Please upload a new document on this page:',
    },
    limit_change: {
      subject: 'Confirm the change to your limit',
      intro:
        'You asked to raise or remove one of your responsible-gambling limits. For your protection the change waits 24 hours, then needs your confirmation. From then on, confirm it by opening this link:',
      outro:
        'Until you confirm, your current limit stays in force. If you do not confirm within 7 days after the wait, the change lapses. If this was not you, do nothing and contact our support.',
    },
    confirmation: {
      subject: 'Confirm your e-mail address',
      intro: 'Welcome to Croupier! Please confirm your e-mail address by opening this link:',
      outro: 'The link works for 24 hours. If you did not create an account, you can ignore this message.',
    },
    reset_password: {
      subject: 'Reset your password',
      intro:
        'We received a request to reset the password of your Croupier account. To choose a new password, open this link:',
      outro:
        'The link works for 1 hour and only once. If you did not ask for this, ignore this message: your password stays as it is.',
    },
    password_changed: {
      subject: 'Your password was changed',
      body: [
        'The password of your Croupier account was just changed.',
        'If this was not you, reset your password right away and contact our support.',
      ],
    },
    two_factor_enabled: {
      subject: 'Two-factor authentication is on',
      body: [
        'Two-factor authentication was turned on for your Croupier account. From now on, signing in also asks for a code from your authenticator app.',
        'If this was not you, contact our support right away.',
      ],
    },
    two_factor_disabled: {
      subject: 'Two-factor authentication is off',
      body: [
        'Two-factor authentication was turned off for your Croupier account.',
        'If this was not you, change your password and contact our support right away.',
      ],
    },
    email_change: {
      subject: 'Confirm your new e-mail address',
      intro: 'To use this address for your Croupier account, confirm it by opening this link:',
      outro:
        'The link works for 24 hours. Until then your account keeps its current address. If you did not ask for this, ignore this message.',
    },
    email_change_requested: {
      subject: 'Your e-mail address is being changed',
      body: [
        'A new e-mail address was entered for your Croupier account. It replaces this one once it is confirmed from the link we sent to it.',
        'If this was not you, change your password and contact our support right away.',
      ],
    },
  },
  de: {
    greeting: (name) => (name ? `Hallo ${name},` : 'Hallo,'),
    limit_change: {
      subject: 'Bestätige die Änderung deines Limits',
      intro:
        'du möchtest eines deiner Limits für verantwortungsvolles Spielen erhöhen oder aufheben. Zu deinem Schutz wartet die Änderung 24 Stunden und braucht dann deine Bestätigung. Ab dann bestätigst du sie über diesen Link:',
      outro:
        'Bis du bestätigst, gilt dein bisheriges Limit weiter. Wenn du nicht innerhalb von 7 Tagen nach der Wartezeit bestätigst, verfällt die Änderung. Wenn du das nicht warst, unternimm nichts und wende dich an unseren Support.',
    },
    document_approved: {
      subject: 'Dein Dokument wurde angenommen',
      intro: 'wir haben das Dokument geprüft, das du zur Verifizierung hochgeladen hast, und es angenommen.',
      outro: 'Den Stand deiner Verifizierung siehst du auf dieser Seite:',
    },
    document_rejected: {
      subject: 'Dein Dokument wurde nicht angenommen',
      intro:
        'wir haben das Dokument geprüft, das du zur Verifizierung hochgeladen hast, und konnten es leider nicht annehmen.',
      reason: (reason) => `Der Grund: ${reason}`,
      outro: 'Bitte lade auf dieser Seite ein neues Dokument hoch:',
    },
    confirmation: {
      subject: 'Bestätige deine E-Mail-Adresse',
      intro: 'willkommen bei Croupier! Bitte bestätige deine E-Mail-Adresse über diesen Link:',
      outro: 'Der Link ist 24 Stunden gültig. Wenn du kein Konto angelegt hast, kannst du diese Nachricht ignorieren.',
    },
    reset_password: {
      subject: 'Passwort zurücksetzen',
      intro:
        'wir haben eine Anfrage erhalten, das Passwort deines Croupier-Kontos zurückzusetzen. Über diesen Link kannst du ein neues Passwort wählen:',
      outro:
        'Der Link ist 1 Stunde gültig und funktioniert nur einmal. Wenn du das nicht angefordert hast, ignoriere diese Nachricht: Dein Passwort bleibt unverändert.',
    },
    password_changed: {
      subject: 'Dein Passwort wurde geändert',
      body: [
        'das Passwort deines Croupier-Kontos wurde soeben geändert.',
        'Wenn du das nicht warst, setze dein Passwort sofort zurück und wende dich an unseren Support.',
      ],
    },
    two_factor_enabled: {
      subject: 'Zwei-Faktor-Authentifizierung ist aktiviert',
      body: [
        'für dein Croupier-Konto wurde die Zwei-Faktor-Authentifizierung aktiviert. Bei der Anmeldung wird ab jetzt auch ein Code aus deiner Authenticator-App abgefragt.',
        'Wenn du das nicht warst, wende dich sofort an unseren Support.',
      ],
    },
    two_factor_disabled: {
      subject: 'Zwei-Faktor-Authentifizierung ist deaktiviert',
      body: [
        'für dein Croupier-Konto wurde die Zwei-Faktor-Authentifizierung deaktiviert.',
        'Wenn du das nicht warst, ändere sofort dein Passwort und wende dich an unseren Support.',
      ],
    },
    email_change: {
      subject: 'Bestätige deine neue E-Mail-Adresse',
      intro: 'um diese Adresse für dein Croupier-Konto zu verwenden, bestätige sie über diesen Link:',
      outro:
        'Der Link ist 24 Stunden gültig. Bis dahin behält dein Konto seine bisherige Adresse. Wenn du das nicht angefordert hast, ignoriere diese Nachricht.',
    },
    email_change_requested: {
      subject: 'Deine E-Mail-Adresse wird geändert',
      body: [
        'für dein Croupier-Konto wurde eine neue E-Mail-Adresse eingegeben. Sie ersetzt diese Adresse, sobald sie über den Link bestätigt ist, den wir an sie geschickt haben.',
        'Wenn du das nicht warst, ändere sofort dein Passwort und wende dich an unseren Support.',
      ],
    },
  },
  es: {
    greeting: (name) => (name ? `Hola, ${name}:` : 'Hola:'),
    limit_change: {
      subject: 'Confirma el cambio de tu límite',
      intro:
        'Pediste aumentar o quitar uno de tus límites de juego responsable. Por tu protección, el cambio espera 24 horas y después necesita tu confirmación. A partir de ese momento, confírmalo abriendo este enlace:',
      outro:
        'Hasta que lo confirmes, tu límite actual sigue vigente. Si no lo confirmas dentro de los 7 días siguientes a la espera, el cambio caduca. Si no fuiste tú, no hagas nada y contacta a nuestro equipo de soporte.',
    },
    document_approved: {
      subject: 'Tu documento fue aprobado',
      intro: 'Revisamos el documento que subiste para la verificación y lo aprobamos.',
      outro: 'Puedes ver el estado de tu verificación en esta página:',
    },
    document_rejected: {
      subject: 'Tu documento no fue aceptado',
      intro: 'Revisamos el documento que subiste para la verificación y no pudimos aceptarlo.',
      reason: (reason) => `El motivo: ${reason}`,
      outro: 'Sube un documento nuevo en esta página:',
    },
    confirmation: {
      subject: 'Confirma tu correo electrónico',
      intro: '¡Te damos la bienvenida a Croupier! Confirma tu correo electrónico abriendo este enlace:',
      outro: 'El enlace es válido durante 24 horas. Si no creaste una cuenta, puedes ignorar este mensaje.',
    },
    reset_password: {
      subject: 'Restablece tu contraseña',
      intro:
        'Recibimos una solicitud para restablecer la contraseña de tu cuenta de Croupier. Para elegir una nueva contraseña, abre este enlace:',
      outro:
        'El enlace es válido durante 1 hora y solo se puede usar una vez. Si no lo solicitaste, ignora este mensaje: tu contraseña no cambiará.',
    },
    password_changed: {
      subject: 'Tu contraseña se cambió',
      body: [
        'La contraseña de tu cuenta de Croupier se acaba de cambiar.',
        'Si no fuiste tú, restablece tu contraseña de inmediato y contacta a nuestro equipo de soporte.',
      ],
    },
    two_factor_enabled: {
      subject: 'La autenticación de dos factores está activada',
      body: [
        'Se activó la autenticación de dos factores en tu cuenta de Croupier. A partir de ahora, al iniciar sesión también se te pedirá un código de tu app de autenticación.',
        'Si no fuiste tú, contacta a nuestro equipo de soporte de inmediato.',
      ],
    },
    two_factor_disabled: {
      subject: 'La autenticación de dos factores está desactivada',
      body: [
        'Se desactivó la autenticación de dos factores en tu cuenta de Croupier.',
        'Si no fuiste tú, cambia tu contraseña y contacta a nuestro equipo de soporte de inmediato.',
      ],
    },
    email_change: {
      subject: 'Confirma tu nuevo correo electrónico',
      intro: 'Para usar esta dirección en tu cuenta de Croupier, confírmala abriendo este enlace:',
      outro:
        'El enlace es válido durante 24 horas. Hasta entonces tu cuenta conserva su dirección actual. Si no lo solicitaste, ignora este mensaje.',
    },
    email_change_requested: {
      subject: 'Se está cambiando tu correo electrónico',
      body: [
        'Se introdujo una nueva dirección de correo electrónico para tu cuenta de Croupier. Sustituirá a esta en cuanto se confirme desde el enlace que le enviamos.',
        'Si no fuiste tú, cambia tu contraseña y contacta con nuestro soporte de inmediato.',
      ],
    },
  },
  fr: {
    greeting: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    limit_change: {
      subject: 'Confirmez la modification de votre limite',
      intro:
        "Vous avez demandé d'augmenter ou de retirer l'une de vos limites de jeu responsable. Pour votre protection, la modification attend 24 heures, puis doit être confirmée par vous. À partir de ce moment, confirmez-la en ouvrant ce lien :",
      outro:
        "Tant que vous n'avez pas confirmé, votre limite actuelle reste en vigueur. Si vous ne confirmez pas dans les 7 jours qui suivent l'attente, la modification est annulée. Si ce n'était pas vous, ne faites rien et contactez notre soutien.",
    },
    document_approved: {
      subject: 'Votre document a été approuvé',
      intro:
        "Nous avons examiné le document que vous avez téléversé pour la vérification de votre compte et l'avons approuvé.",
      outro: "Vous pouvez consulter l'état de votre vérification sur cette page :",
    },
    document_rejected: {
      subject: "Votre document n'a pas été accepté",
      intro:
        "Nous avons examiné le document que vous avez téléversé pour la vérification de votre compte et n'avons pas pu l'accepter.",
      reason: (reason) => `Motif : ${reason}`,
      outro: 'Veuillez téléverser un nouveau document sur cette page :',
    },
    confirmation: {
      subject: 'Confirmez votre adresse courriel',
      intro: 'Bienvenue chez Croupier! Veuillez confirmer votre adresse courriel en ouvrant ce lien :',
      outro: "Le lien est valide pendant 24 heures. Si vous n'avez pas créé de compte, vous pouvez ignorer ce message.",
    },
    reset_password: {
      subject: 'Réinitialisez votre mot de passe',
      intro:
        'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte Croupier. Pour choisir un nouveau mot de passe, ouvrez ce lien :',
      outro:
        "Le lien est valide pendant 1 heure et ne fonctionne qu'une seule fois. Si vous n'avez rien demandé, ignorez ce message : votre mot de passe reste inchangé.",
    },
    password_changed: {
      subject: 'Votre mot de passe a été modifié',
      body: [
        "Le mot de passe de votre compte Croupier vient d'être modifié.",
        "Si ce n'était pas vous, réinitialisez votre mot de passe immédiatement et contactez notre soutien.",
      ],
    },
    two_factor_enabled: {
      subject: "L'authentification à deux facteurs est activée",
      body: [
        "L'authentification à deux facteurs a été activée pour votre compte Croupier. Désormais, la connexion vous demandera aussi un code de votre application d'authentification.",
        "Si ce n'était pas vous, contactez notre soutien immédiatement.",
      ],
    },
    two_factor_disabled: {
      subject: "L'authentification à deux facteurs est désactivée",
      body: [
        "L'authentification à deux facteurs a été désactivée pour votre compte Croupier.",
        "Si ce n'était pas vous, changez votre mot de passe et contactez notre soutien immédiatement.",
      ],
    },
    email_change: {
      subject: 'Confirmez votre nouvelle adresse courriel',
      intro: 'Pour utiliser cette adresse avec votre compte Croupier, confirmez-la en ouvrant ce lien :',
      outro:
        "Le lien est valide pendant 24 heures. D'ici là, votre compte garde son adresse actuelle. Si vous n'avez rien demandé, ignorez ce message.",
    },
    email_change_requested: {
      subject: 'Votre adresse courriel est en cours de modification',
      body: [
        "Une nouvelle adresse courriel a été saisie pour votre compte Croupier. Elle remplacera celle-ci dès qu'elle sera confirmée par le lien que nous lui avons envoyé.",
        "Si ce n'était pas vous, changez votre mot de passe et contactez notre soutien immédiatement.",
      ],
    },
  },
  pt: {
    greeting: (name) => (name ? `Olá, ${name}!` : 'Olá!'),
    limit_change: {
      subject: 'Confirme a alteração do seu limite',
      intro:
        'Você pediu para aumentar ou remover um dos seus limites de jogo responsável. Para sua proteção, a alteração espera 24 horas e depois precisa da sua confirmação. A partir daí, confirme-a abrindo este link:',
      outro:
        'Até você confirmar, seu limite atual continua valendo. Se você não confirmar em até 7 dias depois da espera, a alteração perde a validade. Se não foi você, não faça nada e fale com o nosso suporte.',
    },
    document_approved: {
      subject: 'Seu documento foi aprovado',
      intro: 'Analisamos o documento que você enviou para verificação e o aprovamos.',
      outro: 'Você pode ver o status da sua verificação nesta página:',
    },
    document_rejected: {
      subject: 'Seu documento não foi aceito',
      intro: 'Analisamos o documento que você enviou para verificação e não pudemos aceitá-lo.',
      reason: (reason) => `O motivo: ${reason}`,
      outro: 'Envie um novo documento nesta página:',
    },
    confirmation: {
      subject: 'Confirme seu e-mail',
      intro: 'Boas-vindas ao Croupier! Confirme seu endereço de e-mail abrindo este link:',
      outro: 'O link é válido por 24 horas. Se você não criou uma conta, pode ignorar esta mensagem.',
    },
    reset_password: {
      subject: 'Redefina sua senha',
      intro:
        'Recebemos um pedido para redefinir a senha da sua conta Croupier. Para escolher uma nova senha, abra este link:',
      outro:
        'O link é válido por 1 hora e só funciona uma vez. Se você não fez esse pedido, ignore esta mensagem: sua senha continua a mesma.',
    },
    password_changed: {
      subject: 'Sua senha foi alterada',
      body: [
        'A senha da sua conta Croupier acabou de ser alterada.',
        'Se não foi você, redefina sua senha imediatamente e fale com o nosso suporte.',
      ],
    },
    two_factor_enabled: {
      subject: 'A autenticação de dois fatores está ativada',
      body: [
        'A autenticação de dois fatores foi ativada na sua conta Croupier. A partir de agora, o login também vai pedir um código do seu aplicativo autenticador.',
        'Se não foi você, fale com o nosso suporte imediatamente.',
      ],
    },
    two_factor_disabled: {
      subject: 'A autenticação de dois fatores está desativada',
      body: [
        'A autenticação de dois fatores foi desativada na sua conta Croupier.',
        'Se não foi você, altere sua senha e fale com o nosso suporte imediatamente.',
      ],
    },
    email_change: {
      subject: 'Confirme seu novo e-mail',
      intro: 'Para usar este endereço na sua conta Croupier, confirme-o abrindo este link:',
      outro:
        'O link é válido por 24 horas. Até lá, sua conta continua com o endereço atual. Se você não fez esse pedido, ignore esta mensagem.',
    },
    email_change_requested: {
      subject: 'Seu e-mail está sendo alterado',
      body: [
        'Um novo endereço de e-mail foi informado para sua conta Croupier. Ele substitui este assim que for confirmado pelo link que enviamos para ele.',
        'Se não foi você, altere sua senha e fale com nosso suporte imediatamente.',
      ],
    },
  },
  no: {
    greeting: (name) => (name ? `Hei ${name},` : 'Hei,'),
    limit_change: {
      subject: 'Bekreft endringen av grensen din',
      intro:
        'Du har bedt om å heve eller fjerne en av grensene dine for ansvarlig spill. For å beskytte deg venter endringen i 24 timer og må deretter bekreftes av deg. Fra da av bekrefter du den ved å åpne denne lenken:',
      outro:
        'Til du bekrefter, gjelder den nåværende grensen din. Hvis du ikke bekrefter innen 7 dager etter ventetiden, faller endringen bort. Hvis det ikke var deg, ikke gjør noe, men kontakt kundestøtten vår.',
    },
    document_approved: {
      subject: 'Dokumentet ditt er godkjent',
      intro: 'Vi har gått gjennom dokumentet du lastet opp for verifisering, og godkjent det.',
      outro: 'Du kan se statusen for verifiseringen din på denne siden:',
    },
    document_rejected: {
      subject: 'Dokumentet ditt ble ikke godkjent',
      intro: 'Vi har gått gjennom dokumentet du lastet opp for verifisering, og kunne ikke godkjenne det.',
      reason: (reason) => `Begrunnelse: ${reason}`,
      outro: 'Last opp et nytt dokument på denne siden:',
    },
    confirmation: {
      subject: 'Bekreft e-postadressen din',
      intro: 'Velkommen til Croupier! Bekreft e-postadressen din ved å åpne denne lenken:',
      outro: 'Lenken er gyldig i 24 timer. Hvis du ikke har opprettet en konto, kan du se bort fra denne meldingen.',
    },
    reset_password: {
      subject: 'Tilbakestill passordet ditt',
      intro:
        'Vi har fått en forespørsel om å tilbakestille passordet til Croupier-kontoen din. Åpne denne lenken for å velge et nytt passord:',
      outro:
        'Lenken er gyldig i 1 time og kan bare brukes én gang. Hvis du ikke har bedt om dette, kan du se bort fra meldingen: passordet ditt forblir uendret.',
    },
    password_changed: {
      subject: 'Passordet ditt er endret',
      body: [
        'Passordet til Croupier-kontoen din ble nettopp endret.',
        'Hvis det ikke var deg, tilbakestill passordet ditt med en gang og kontakt kundestøtten vår.',
      ],
    },
    two_factor_enabled: {
      subject: 'Tofaktorautentisering er slått på',
      body: [
        'Tofaktorautentisering er slått på for Croupier-kontoen din. Fra nå av blir du også bedt om en kode fra autentiseringsappen din når du logger inn.',
        'Hvis det ikke var deg, kontakt kundestøtten vår med en gang.',
      ],
    },
    two_factor_disabled: {
      subject: 'Tofaktorautentisering er slått av',
      body: [
        'Tofaktorautentisering er slått av for Croupier-kontoen din.',
        'Hvis det ikke var deg, endre passordet ditt og kontakt kundestøtten vår med en gang.',
      ],
    },
    email_change: {
      subject: 'Bekreft den nye e-postadressen din',
      intro: 'For å bruke denne adressen på Croupier-kontoen din, bekreft den ved å åpne denne lenken:',
      outro:
        'Lenken er gyldig i 24 timer. Frem til da beholder kontoen den nåværende adressen. Hvis du ikke har bedt om dette, kan du se bort fra meldingen.',
    },
    email_change_requested: {
      subject: 'E-postadressen din blir endret',
      body: [
        'En ny e-postadresse ble oppgitt for Croupier-kontoen din. Den erstatter denne så snart den er bekreftet via lenken vi sendte til den.',
        'Hvis det ikke var deg, endre passordet ditt og kontakt kundestøtten vår med en gang.',
      ],
    },
  },
  ja: {
    greeting: (name) => (name ? `${name} 様` : 'お客様'),
    limit_change: {
      subject: 'リミット変更の確認',
      intro:
        '責任あるギャンブルのリミットの引き上げまたは解除をご依頼いただきました。お客様を保護するため、変更には24時間の待機期間があり、その後お客様の確認が必要です。待機期間の終了後、以下のリンクを開いて変更を確認してください。',
      outro:
        '確認されるまでは、現在のリミットが引き続き適用されます。待機期間の終了から7日以内に確認されない場合、変更は無効になります。お心当たりがない場合は、何もせずにサポートまでご連絡ください。',
    },
    document_approved: {
      subject: '書類が承認されました',
      intro: '本人確認のためにアップロードされた書類を確認し、承認しました。',
      outro: '本人確認の状況は、以下のページでご確認いただけます。',
    },
    document_rejected: {
      subject: '書類を承認できませんでした',
      intro: '本人確認のためにアップロードされた書類を確認しましたが、承認できませんでした。',
      reason: (reason) => `理由：${reason}`,
      outro: '以下のページから新しい書類をアップロードしてください。',
    },
    confirmation: {
      subject: 'メールアドレスの確認',
      intro: 'Croupier へようこそ！以下のリンクを開いて、メールアドレスを確認してください。',
      outro: 'このリンクの有効期限は24時間です。アカウントを作成した覚えがない場合は、このメールを無視してください。',
    },
    reset_password: {
      subject: 'パスワードの再設定',
      intro:
        'Croupier アカウントのパスワード再設定のリクエストを受け付けました。以下のリンクを開いて、新しいパスワードを設定してください。',
      outro:
        'このリンクの有効期限は1時間で、一度だけ使用できます。お心当たりがない場合は、このメールを無視してください。パスワードは変更されません。',
    },
    password_changed: {
      subject: 'パスワードが変更されました',
      body: [
        'Croupier アカウントのパスワードが変更されました。',
        'お心当たりがない場合は、すぐにパスワードを再設定し、サポートまでご連絡ください。',
      ],
    },
    two_factor_enabled: {
      subject: '二段階認証が有効になりました',
      body: [
        'Croupier アカウントで二段階認証が有効になりました。今後のログインでは、認証アプリのコードも入力する必要があります。',
        'お心当たりがない場合は、すぐにサポートまでご連絡ください。',
      ],
    },
    two_factor_disabled: {
      subject: '二段階認証が無効になりました',
      body: [
        'Croupier アカウントで二段階認証が無効になりました。',
        'お心当たりがない場合は、すぐにパスワードを変更し、サポートまでご連絡ください。',
      ],
    },
    email_change: {
      subject: '新しいメールアドレスの確認',
      intro: 'このアドレスを Croupier アカウントで使用するには、以下のリンクを開いて確認してください。',
      outro:
        'このリンクの有効期限は24時間です。確認されるまで、アカウントは現在のアドレスのままです。お心当たりがない場合は、このメールを無視してください。',
    },
    email_change_requested: {
      subject: 'メールアドレスの変更手続き中です',
      body: [
        'Croupier アカウントに新しいメールアドレスが入力されました。送信したリンクから確認されると、このアドレスと置き換わります。',
        'お心当たりがない場合は、すぐにパスワードを変更し、サポートまでご連絡ください。',
      ],
    },
  },
};

/** `pt-BR` → `pt`, `en-AU` → `en`, anything unknown → `en`. */
export function mailLanguage(locale: string | null | undefined): Lang {
  const primary = (locale ?? 'en').split('-')[0]?.toLowerCase() ?? 'en';
  return primary in TEXTS ? (primary as Lang) : 'en';
}

export interface Recipient {
  /** The player's id: the mail's outbox row is theirs (docs/privacy.md#mails-and-texts). */
  id: number;
  email: string;
  language: string;
  firstName: string | null;
}

/** The copy of the player's data is ready (docs/privacy.md#the-copy-of-your-data). */
const GDPR_REPORT: Record<Lang, { subject: string; intro: string; outro: string }> = {
  en: {
    subject: 'Your copy of your data is ready',
    intro:
      'You asked for a copy of the data we hold about you. It is ready: sign in to your account, then open this link to download it:',
    outro:
      'The link works once and for 7 days. If you did not ask for this, sign in, change your password and contact our support.',
  },
  de: {
    subject: 'Deine Datenkopie ist bereit',
    intro:
      'du hast eine Kopie der Daten angefordert, die wir über dich speichern. Sie ist bereit: Melde dich in deinem Konto an und öffne dann diesen Link, um sie herunterzuladen:',
    outro:
      'Der Link funktioniert einmal und 7 Tage lang. Wenn du das nicht angefordert hast, melde dich an, ändere dein Passwort und wende dich an unseren Support.',
  },
  es: {
    subject: 'Tu copia de tus datos está lista',
    intro:
      'Pediste una copia de los datos que tenemos sobre ti. Ya está lista: inicia sesión en tu cuenta y abre este enlace para descargarla:',
    outro:
      'El enlace funciona una sola vez y durante 7 días. Si no lo pediste, inicia sesión, cambia tu contraseña y contacta a nuestro equipo de soporte.',
  },
  fr: {
    subject: 'La copie de vos données est prête',
    intro:
      'Vous avez demandé une copie des données que nous détenons sur vous. Elle est prête : connectez-vous à votre compte, puis ouvrez ce lien pour la télécharger :',
    outro:
      "Le lien ne fonctionne qu'une fois et pendant 7 jours. Si vous n'avez rien demandé, connectez-vous, changez votre mot de passe et contactez notre support.",
  },
  pt: {
    subject: 'A cópia dos seus dados está pronta',
    intro:
      'Você pediu uma cópia dos dados que guardamos sobre você. Ela está pronta: entre na sua conta e abra este link para baixá-la:',
    outro:
      'O link funciona uma única vez e por 7 dias. Se não foi você quem pediu, entre na conta, altere sua senha e fale com nosso suporte.',
  },
  no: {
    subject: 'Kopien av dataene dine er klar',
    intro:
      'Du ba om en kopi av dataene vi har om deg. Den er klar: logg inn på kontoen din, og åpne deretter denne lenken for å laste den ned:',
    outro:
      'Lenken virker én gang og i 7 dager. Hvis det ikke var du som ba om dette, logg inn, bytt passord og kontakt kundestøtten vår.',
  },
  ja: {
    subject: 'データのコピーの準備ができました',
    intro:
      'お客様に関して当社が保有するデータのコピーをご依頼いただきました。準備ができましたので、アカウントにログインしてから、このリンクを開いてダウンロードしてください。',
    outro:
      'このリンクは1回限り、7日間有効です。お心当たりがない場合は、ログインしてパスワードを変更し、サポートまでご連絡ください。',
  },
};

/** Builds one account mail. `link` is required for every kind that sends the player to a page. */
export function buildMail(
  kind: MailKind,
  to: Recipient,
  link?: string,
  /** `document_rejected`: the operator's reason, quoted to the player. */
  details?: { reason?: string },
): MailMessage {
  const t = TEXTS[mailLanguage(to.language)];
  const greeting = t.greeting(to.firstName?.trim() || null);
  let subject: string;
  let paragraphs: string[];
  if (kind === 'gdpr_report') {
    if (!link) throw new Error(`mail ${kind} needs a link`);
    const texts = GDPR_REPORT[mailLanguage(to.language)];
    subject = texts.subject;
    paragraphs = [greeting, texts.intro, link, texts.outro];
  } else if (kind === 'document_approved' || kind === 'document_rejected') {
    if (!link) throw new Error(`mail ${kind} needs a link`);
    if (kind === 'document_approved') {
      const texts = t.document_approved;
      subject = texts.subject;
      paragraphs = [greeting, texts.intro, texts.outro, link];
    } else {
      if (!details?.reason) throw new Error(`mail ${kind} needs a reason`);
      const texts = t.document_rejected;
      subject = texts.subject;
      paragraphs = [greeting, texts.intro, texts.reason(details.reason), texts.outro, link];
    }
  } else if (
    kind === 'confirmation' ||
    kind === 'reset_password' ||
    kind === 'email_change' ||
    kind === 'limit_change'
  ) {
    if (!link) throw new Error(`mail ${kind} needs a link`);
    subject = t[kind].subject;
    paragraphs = [greeting, t[kind].intro, link, t[kind].outro];
  } else {
    subject = t[kind].subject;
    paragraphs = [greeting, ...t[kind].body];
  }
  return renderMail(to, subject, paragraphs);
}

/** A mail's subject and paragraphs (greeting first), before `renderMail` renders it. */
export interface MailDraft {
  subject: string;
  paragraphs: string[];
}

/** The player's greeting in their mail language ("Hi Ann,"). */
export function greeting(to: Recipient): string {
  return TEXTS[mailLanguage(to.language)].greeting(to.firstName?.trim() || null);
}

/**
 * One mail from its paragraphs: the text part, and an HTML part with the same words where a
 * paragraph that is a bare link becomes clickable. `footer` comes after the signature (the
 * promotional gate's "how to stop these").
 */
export function renderMail(to: Recipient, subject: string, paragraphs: string[], footer: string[] = []): MailMessage {
  const after = footer.length > 0 ? `\n${footer.join('\n\n')}\n` : '';
  return {
    userId: to.id,
    to: to.email,
    subject: `Croupier: ${subject}`,
    text: `${paragraphs.join('\n\n')}\n\n— Croupier\n${after}`,
    html: `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">${paragraphs.map(htmlParagraph).join('')}<p>— Croupier</p>${footer.map(htmlParagraph).join('')}</body></html>`,
  };
}

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

function htmlParagraph(text: string): string {
  const escaped = escapeHtml(text);
  return /^https?:\/\/\S+$/.test(text) ? `<p><a href="${escaped}">${escaped}</a></p>` : `<p>${escaped}</p>`;
}
