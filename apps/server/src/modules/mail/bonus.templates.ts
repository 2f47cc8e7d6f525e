import { formatMoney } from '@croupier/shared/money';
import { greeting, mailLanguage, type Lang, type MailDraft, type Recipient } from './mail.templates.ts';

/**
 * The bonus mails (docs/bonuses.md#mails) and the promotional footer, in the seven mail
 * languages. They state the figures a player decides by — the amount, the bets still to place, the
 * deadline — and send them to the gifts page, which shows every rule of the bonus before it is
 * accepted; the full rule list is not repeated in a mail.
 */
export type BonusMailKind = 'bonus_issued' | 'bonus_active' | 'bonus_converted';

export interface BonusMailFacts {
  /** The campaign's title in the player's language (else English), or null. */
  title: string | null;
  currency: string;
  amountCents: bigint;
  /**
   * The bets still to place (`bonus_active`), else all the bonus asks for; 0: wager-free.
   */
  requirementCents: bigint;
  validityDays: number;
  /** `bonus_issued`: the last moment it can be activated (null: no deadline). */
  activatableUntil: Date | null;
  /** `bonus_active`: when its wagering ends; null while it waits behind the bonus being wagered. */
  validUntil: Date | null;
  /** `bonus_converted`: what became cash. */
  convertedCents: bigint;
  /** The player's gifts page. */
  link: string;
}

interface BonusTexts {
  locale: string;
  days(n: number): string;
  footer: string;
  issued: {
    subject: string;
    what(title: string | null, amount: string): string;
    wagering(requirement: string, days: string): string;
    wagerFree: string;
    activateBy(date: string): string;
    activate: string;
  };
  active: {
    subject: string;
    what(title: string | null, amount: string): string;
    wagering(requirement: string, date: string): string;
    waiting(requirement: string, days: string): string;
    outro: string;
  };
  converted: {
    subject: string;
    body(title: string | null, amount: string): string;
    /** A wager-free gift: there was no wagering to finish. */
    free(title: string | null, amount: string): string;
    outro: string;
  };
}

const TEXTS: Record<Lang, BonusTexts> = {
  en: {
    locale: 'en-GB',
    days: (n) => (n === 1 ? '1 day' : `${n} days`),
    footer:
      'You receive this because you subscribed to offers by e-mail. To stop them, change your subscriptions on this page:',
    issued: {
      subject: 'A bonus is waiting for you',
      what: (title, amount) => `${title ? `${title}: ` : ''}${amount} in bonus money is waiting for you.`,
      wagering: (req, days) =>
        `Before it can be withdrawn, bets counting ${req} must be placed within ${days} of activating it.`,
      wagerFree: 'It has no wagering: once you activate it, it is yours to withdraw.',
      activateBy: (date) =>
        `Activate it by ${date} on your gifts page, where all its rules are shown before you accept:`,
      activate: 'Activate it on your gifts page, where all its rules are shown before you accept:',
    },
    active: {
      subject: 'Your bonus is active',
      what: (title, amount) => `${title ? `${title}: ` : ''}${amount} in bonus money is now active.`,
      wagering: (req, date) =>
        `To turn it into cash, bets counting ${req} must be placed by ${date}. The meter above the game shows how much is left.`,
      waiting: (req, days) =>
        `It starts when the bonus you are wagering now ends; from then, bets counting ${req} must be placed within ${days}.`,
      outro: 'Its rules and your progress are on your gifts page:',
    },
    converted: {
      subject: 'Your bonus is now cash',
      body: (title, amount) =>
        `You finished wagering ${title ?? 'your bonus'}: ${amount} is now cash, yours to withdraw.`,
      free: (title, amount) => `${title ?? 'Your gift'}: ${amount} is now cash, yours to withdraw.`,
      outro: 'Your bonus history is on your gifts page:',
    },
  },
  de: {
    locale: 'de',
    days: (n) => (n === 1 ? '1 Tag' : `${n} Tagen`),
    footer:
      'Du erhältst diese E-Mail, weil du Angebote per E-Mail abonniert hast. Abbestellen kannst du sie auf dieser Seite:',
    issued: {
      subject: 'Ein Bonus wartet auf dich',
      what: (title, amount) => `${title ? `${title}: ` : ''}${amount} Bonusgeld warten auf dich.`,
      wagering: (req, days) =>
        `Bevor du es auszahlen kannst, müssen innerhalb von ${days} nach der Aktivierung Einsätze von ${req} gezählt werden.`,
      wagerFree: 'Es gibt keine Umsatzbedingungen: Sobald du ihn aktivierst, kannst du ihn auszahlen.',
      activateBy: (date) =>
        `Aktiviere ihn bis ${date} auf deiner Geschenkseite, wo dir alle Regeln vor der Annahme angezeigt werden:`,
      activate: 'Aktiviere ihn auf deiner Geschenkseite, wo dir alle Regeln vor der Annahme angezeigt werden:',
    },
    active: {
      subject: 'Dein Bonus ist aktiv',
      what: (title, amount) => `${title ? `${title}: ` : ''}${amount} Bonusgeld sind jetzt aktiv.`,
      wagering: (req, date) =>
        `Damit daraus Echtgeld wird, müssen bis ${date} Einsätze von ${req} gezählt werden. Die Anzeige über dem Spiel zeigt, wie viel noch fehlt.`,
      waiting: (req, days) =>
        `Er beginnt, wenn der Bonus endet, den du gerade umsetzt; ab dann müssen innerhalb von ${days} Einsätze von ${req} gezählt werden.`,
      outro: 'Seine Regeln und deinen Fortschritt findest du auf deiner Geschenkseite:',
    },
    converted: {
      subject: 'Dein Bonus ist jetzt Echtgeld',
      body: (title, amount) =>
        `Du hast ${title ?? 'deinen Bonus'} vollständig umgesetzt: ${amount} sind jetzt Echtgeld, das du auszahlen kannst.`,
      free: (title, amount) => `${title ?? 'Dein Geschenk'}: ${amount} sind jetzt Echtgeld, das du auszahlen kannst.`,
      outro: 'Deinen Bonusverlauf findest du auf deiner Geschenkseite:',
    },
  },
  es: {
    locale: 'es',
    days: (n) => (n === 1 ? '1 día' : `${n} días`),
    footer:
      'Recibes este mensaje porque te suscribiste a ofertas por correo electrónico. Para dejar de recibirlas, cambia tus suscripciones en esta página:',
    issued: {
      subject: 'Tienes un bono esperándote',
      what: (title, amount) => `${title ? `${title}: ` : ''}${amount} en dinero de bono te esperan.`,
      wagering: (req, days) =>
        `Antes de poder retirarlo, deben contarse apuestas por ${req} en los ${days} siguientes a su activación.`,
      wagerFree: 'No tiene requisitos de apuesta: en cuanto lo actives, podrás retirarlo.',
      activateBy: (date) =>
        `Actívalo antes del ${date} en tu página de regalos, donde verás todas sus reglas antes de aceptarlo:`,
      activate: 'Actívalo en tu página de regalos, donde verás todas sus reglas antes de aceptarlo:',
    },
    active: {
      subject: 'Tu bono está activo',
      what: (title, amount) => `${title ? `${title}: ` : ''}${amount} en dinero de bono ya están activos.`,
      wagering: (req, date) =>
        `Para convertirlo en dinero real, deben contarse apuestas por ${req} antes del ${date}. El medidor sobre el juego muestra cuánto falta.`,
      waiting: (req, days) =>
        `Empieza cuando termine el bono que estás apostando ahora; desde entonces, deben contarse apuestas por ${req} en ${days}.`,
      outro: 'Sus reglas y tu progreso están en tu página de regalos:',
    },
    converted: {
      subject: 'Tu bono ya es dinero real',
      body: (title, amount) =>
        `Completaste las apuestas de ${title ?? 'tu bono'}: ${amount} ya son dinero real que puedes retirar.`,
      free: (title, amount) => `${title ?? 'Tu regalo'}: ${amount} ya son dinero real que puedes retirar.`,
      outro: 'El historial de tus bonos está en tu página de regalos:',
    },
  },
  fr: {
    locale: 'fr',
    days: (n) => (n === 1 ? '1 jour' : `${n} jours`),
    footer:
      'Vous recevez ce message car vous êtes abonné aux offres par e-mail. Pour ne plus les recevoir, modifiez vos abonnements sur cette page :',
    issued: {
      subject: 'Un bonus vous attend',
      what: (title, amount) => `${title ? `${title} : ` : ''}${amount} d'argent bonus vous attendent.`,
      wagering: (req, days) =>
        `Avant de pouvoir le retirer, des mises comptant pour ${req} doivent être placées dans les ${days} suivant son activation.`,
      wagerFree: "Il n'a aucune condition de mise : dès que vous l'activez, vous pouvez le retirer.",
      activateBy: (date) =>
        `Activez-le avant le ${date} sur votre page de cadeaux, où toutes ses règles sont affichées avant que vous l'acceptiez :`,
      activate:
        "Activez-le sur votre page de cadeaux, où toutes ses règles sont affichées avant que vous l'acceptiez :",
    },
    active: {
      subject: 'Votre bonus est actif',
      what: (title, amount) => `${title ? `${title} : ` : ''}${amount} d'argent bonus sont maintenant actifs.`,
      wagering: (req, date) =>
        `Pour le transformer en argent réel, des mises comptant pour ${req} doivent être placées avant le ${date}. La jauge au-dessus du jeu indique ce qu'il reste.`,
      waiting: (req, days) =>
        `Il commence quand le bonus que vous misez actuellement se termine ; dès lors, des mises comptant pour ${req} doivent être placées en ${days}.`,
      outro: 'Ses règles et votre progression sont sur votre page de cadeaux :',
    },
    converted: {
      subject: 'Votre bonus est maintenant de l’argent réel',
      body: (title, amount) =>
        `Vous avez terminé les mises de ${title ?? 'votre bonus'} : ${amount} sont maintenant de l'argent réel, que vous pouvez retirer.`,
      free: (title, amount) =>
        `${title ?? 'Votre cadeau'} : ${amount} sont maintenant de l'argent réel, que vous pouvez retirer.`,
      outro: "L'historique de vos bonus est sur votre page de cadeaux :",
    },
  },
  pt: {
    locale: 'pt-BR',
    days: (n) => (n === 1 ? '1 dia' : `${n} dias`),
    footer:
      'Você recebe esta mensagem porque assinou ofertas por e-mail. Para deixar de recebê-las, altere suas assinaturas nesta página:',
    issued: {
      subject: 'Um bônus está esperando por você',
      what: (title, amount) => `${title ? `${title}: ` : ''}${amount} em dinheiro de bônus esperam por você.`,
      wagering: (req, days) =>
        `Antes de poder sacá-lo, apostas que contem ${req} precisam ser feitas em até ${days} após a ativação.`,
      wagerFree: 'Não há requisito de apostas: assim que você ativá-lo, poderá sacá-lo.',
      activateBy: (date) =>
        `Ative-o até ${date} na sua página de presentes, onde todas as regras aparecem antes de você aceitar:`,
      activate: 'Ative-o na sua página de presentes, onde todas as regras aparecem antes de você aceitar:',
    },
    active: {
      subject: 'Seu bônus está ativo',
      what: (title, amount) => `${title ? `${title}: ` : ''}${amount} em dinheiro de bônus agora estão ativos.`,
      wagering: (req, date) =>
        `Para transformá-lo em dinheiro real, apostas que contem ${req} precisam ser feitas até ${date}. O medidor acima do jogo mostra quanto falta.`,
      waiting: (req, days) =>
        `Ele começa quando terminar o bônus que você está apostando agora; a partir daí, apostas que contem ${req} precisam ser feitas em até ${days}.`,
      outro: 'As regras e o seu progresso estão na sua página de presentes:',
    },
    converted: {
      subject: 'Seu bônus agora é dinheiro real',
      body: (title, amount) =>
        `Você concluiu as apostas de ${title ?? 'seu bônus'}: ${amount} agora são dinheiro real, que você pode sacar.`,
      free: (title, amount) => `${title ?? 'Seu presente'}: ${amount} agora são dinheiro real, que você pode sacar.`,
      outro: 'O histórico dos seus bônus está na sua página de presentes:',
    },
  },
  no: {
    locale: 'nb',
    days: (n) => (n === 1 ? '1 dag' : `${n} dager`),
    footer:
      'Du får denne e-posten fordi du abonnerer på tilbud på e-post. For å stoppe dem endrer du abonnementene dine på denne siden:',
    issued: {
      subject: 'En bonus venter på deg',
      what: (title, amount) => `${title ? `${title}: ` : ''}${amount} i bonuspenger venter på deg.`,
      wagering: (req, days) =>
        `Før du kan ta den ut, må det plasseres innsatser som teller ${req} innen ${days} etter at du aktiverer den.`,
      wagerFree: 'Den har ingen omsetningskrav: så snart du aktiverer den, kan du ta den ut.',
      activateBy: (date) => `Aktiver den innen ${date} på gavesiden din, der alle reglene vises før du godtar:`,
      activate: 'Aktiver den på gavesiden din, der alle reglene vises før du godtar:',
    },
    active: {
      subject: 'Bonusen din er aktiv',
      what: (title, amount) => `${title ? `${title}: ` : ''}${amount} i bonuspenger er nå aktive.`,
      wagering: (req, date) =>
        `For å gjøre den om til kontanter må det plasseres innsatser som teller ${req} innen ${date}. Måleren over spillet viser hvor mye som gjenstår.`,
      waiting: (req, days) =>
        `Den starter når bonusen du omsetter nå er ferdig; fra da må det plasseres innsatser som teller ${req} innen ${days}.`,
      outro: 'Reglene og fremdriften din finner du på gavesiden din:',
    },
    converted: {
      subject: 'Bonusen din er nå kontanter',
      body: (title, amount) =>
        `Du har fullført omsetningen av ${title ?? 'bonusen din'}: ${amount} er nå kontanter som du kan ta ut.`,
      free: (title, amount) => `${title ?? 'Gaven din'}: ${amount} er nå kontanter som du kan ta ut.`,
      outro: 'Bonushistorikken din finner du på gavesiden din:',
    },
  },
  ja: {
    locale: 'ja',
    days: (n) => `${n}日`,
    footer:
      'このメールは、メールでのお得な情報の配信にご登録いただいているためお送りしています。配信を停止するには、こちらのページで設定を変更してください。',
    issued: {
      subject: 'ボーナスが届いています',
      what: (title, amount) => `${title ? `${title}：` : ''}${amount}のボーナスマネーが届いています。`,
      wagering: (req, days) => `出金するには、有効化から${days}以内に${req}分のベットが必要です。`,
      wagerFree: '賭け条件はありません。有効化すると、すぐに出金できます。',
      activateBy: (date) => `${date}までにギフトページで有効化してください。受け取る前にすべてのルールを確認できます。`,
      activate: 'ギフトページで有効化してください。受け取る前にすべてのルールを確認できます。',
    },
    active: {
      subject: 'ボーナスが有効になりました',
      what: (title, amount) => `${title ? `${title}：` : ''}${amount}のボーナスマネーが有効になりました。`,
      wagering: (req, date) =>
        `現金に変えるには、${date}までに${req}分のベットが必要です。残りはゲーム上部のメーターで確認できます。`,
      waiting: (req, days) => `現在消化中のボーナスが終わると開始し、そこから${days}以内に${req}分のベットが必要です。`,
      outro: 'ルールと進み具合はギフトページで確認できます。',
    },
    converted: {
      subject: 'ボーナスが現金になりました',
      body: (title, amount) => `${title ?? 'ボーナス'}の賭け条件を達成しました。${amount}が現金になり、出金できます。`,
      free: (title, amount) => `${title ?? 'ギフト'}：${amount}が現金になり、出金できます。`,
      outro: 'ボーナスの履歴はギフトページで確認できます。',
    },
  },
};

function formatDate(date: Date, locale: string): string {
  return `${new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(date)} UTC`;
}

/** One bonus mail's subject and paragraphs in the player's language. */
export function bonusMailDraft(kind: BonusMailKind, to: Recipient, facts: BonusMailFacts): MailDraft {
  const t = TEXTS[mailLanguage(to.language)];
  const money = (cents: bigint) => formatMoney(cents, facts.currency, t.locale);
  const amount = money(facts.amountCents);
  const requirement = money(facts.requirementCents);
  const days = t.days(facts.validityDays);
  const hello = greeting(to);
  switch (kind) {
    case 'bonus_issued':
      return {
        subject: t.issued.subject,
        paragraphs: [
          hello,
          t.issued.what(facts.title, amount),
          facts.requirementCents > 0n ? t.issued.wagering(requirement, days) : t.issued.wagerFree,
          facts.activatableUntil
            ? t.issued.activateBy(formatDate(facts.activatableUntil, t.locale))
            : t.issued.activate,
          facts.link,
        ],
      };
    case 'bonus_active':
      return {
        subject: t.active.subject,
        paragraphs: [
          hello,
          t.active.what(facts.title, amount),
          facts.requirementCents === 0n
            ? t.issued.wagerFree
            : facts.validUntil
              ? t.active.wagering(requirement, formatDate(facts.validUntil, t.locale))
              : t.active.waiting(requirement, days),
          t.active.outro,
          facts.link,
        ],
      };
    case 'bonus_converted':
      return {
        subject: t.converted.subject,
        paragraphs: [
          hello,
          (facts.requirementCents > 0n ? t.converted.body : t.converted.free)(facts.title, money(facts.convertedCents)),
          t.converted.outro,
          facts.link,
        ],
      };
  }
}

/** The promotional footer in the player's language: why they get this, and where to stop it. */
export function promotionFooter(to: Pick<Recipient, 'language'>, settingsLink: string): string[] {
  return [TEXTS[mailLanguage(to.language)].footer, settingsLink];
}
