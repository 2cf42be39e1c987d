/**
 * The words of the public documents every client offers (its financial-assistance policy and its
 * notice of billing rights), in each language, with the client's name woven in. The reference
 * server writes the same policy for every client; a real deployment would hold each client's own.
 */
import type { PublicDocumentKind } from '@contracts/documents';
import type { Language } from '@contracts/session';

export interface Section {
  heading: string;
  paragraphs: string[];
}

export interface PublicDocumentText {
  title: string;
  intro: string;
  sections: Section[];
}

/** How the closing "contact us" section reads. */
export interface ContactLabels {
  heading: string;
  phone: string;
  mail: string;
  /** When the client has given neither a phone number nor an address. */
  onYourBill: string;
}

type Texts = Record<PublicDocumentKind, (client: string) => PublicDocumentText>;

const english: Texts = {
  financialAssistancePolicy: (client) => ({
    title: 'Financial assistance policy',
    intro: `${client} believes that nobody should go without care because of its cost. This policy explains who can get help paying a bill from ${client}, what help there is, and how to ask for it.`,
    sections: [
      {
        heading: 'Who can apply',
        paragraphs: [
          `Any patient or guarantor with a bill from ${client} can apply, with or without insurance. We look at the size and income of the household, and at medical bills that are large compared with that income.`,
        ],
      },
      {
        heading: 'What help there is',
        paragraphs: [
          'A household with an income up to twice the federal poverty guidelines owes nothing: the whole balance is forgiven.',
          'A household with an income between two and four times the guidelines gets a discount on a sliding scale, from 75% down to 40%.',
          'Anyone may pay in monthly instalments, with no interest and no fees.',
        ],
      },
      {
        heading: 'How to apply',
        paragraphs: [
          'Ask us for an application by phone or by mail. Send it back with proof of income, such as a recent pay slip or tax return. We answer in writing within 30 days.',
          'While your application is open, we do not send your bill to a collection agency, and you do not have to pay the amount in question.',
        ],
      },
    ],
  }),
  billingRightsNotice: (client) => ({
    title: 'Your billing rights',
    intro: `As a patient of ${client}, you have these rights about your bills.`,
    sections: [
      {
        heading: 'An itemized bill',
        paragraphs: ['You may ask for an itemized bill, listing every service with its date and its charge, at no cost.'],
      },
      {
        heading: 'Questions and disputes',
        paragraphs: [
          "If you think a charge is wrong, tell us within 60 days of the bill's date. We look into it and answer in writing, and you do not have to pay the amount in question while we do.",
        ],
      },
      {
        heading: 'No surprise bills',
        paragraphs: [
          'With health insurance, you should not get a surprise bill for emergency care, or for care from an out-of-network provider at an in-network facility. Without insurance, or if you do not use it, you may ask for a good-faith estimate of the cost before your care.',
        ],
      },
      {
        heading: 'Help with paying',
        paragraphs: [`You may ask for a payment plan or for financial assistance: the financial assistance policy of ${client} says how.`],
      },
      {
        heading: 'Your privacy',
        paragraphs: ['We use your billing information only to bill for your care and to collect payment, and we protect it as the law requires.'],
      },
    ],
  }),
};

const spanish: Texts = {
  financialAssistancePolicy: (client) => ({
    title: 'Política de ayuda financiera',
    intro: `${client} considera que nadie debe quedarse sin atención por su coste. Esta política explica quién puede recibir ayuda para pagar una factura de ${client}, qué ayuda hay y cómo solicitarla.`,
    sections: [
      {
        heading: 'Quién puede solicitarla',
        paragraphs: [
          `Cualquier paciente o garante con una factura de ${client} puede solicitarla, tenga o no seguro. Tenemos en cuenta el tamaño y los ingresos del hogar, y las facturas médicas elevadas en relación con esos ingresos.`,
        ],
      },
      {
        heading: 'Qué ayuda hay',
        paragraphs: [
          'Un hogar con ingresos de hasta el doble del umbral federal de pobreza no debe nada: se le perdona todo el saldo.',
          'Un hogar con ingresos de entre dos y cuatro veces ese umbral recibe un descuento progresivo, del 75 % al 40 %.',
          'Cualquier persona puede pagar en plazos mensuales, sin intereses ni comisiones.',
        ],
      },
      {
        heading: 'Cómo solicitarla',
        paragraphs: [
          'Pídanos una solicitud por teléfono o por correo postal. Devuélvala con un justificante de ingresos, como una nómina reciente o una declaración de la renta. Le respondemos por escrito en un plazo de 30 días.',
          'Mientras su solicitud esté abierta, no enviamos su factura a una agencia de cobro y no tiene que pagar el importe en cuestión.',
        ],
      },
    ],
  }),
  billingRightsNotice: (client) => ({
    title: 'Sus derechos de facturación',
    intro: `Como paciente de ${client}, tiene estos derechos sobre sus facturas.`,
    sections: [
      {
        heading: 'Una factura detallada',
        paragraphs: ['Puede pedir, sin coste alguno, una factura detallada con cada servicio, su fecha y su importe.'],
      },
      {
        heading: 'Preguntas y reclamaciones',
        paragraphs: [
          'Si cree que un cargo es incorrecto, díganoslo en un plazo de 60 días desde la fecha de la factura. Lo revisamos y le respondemos por escrito, y mientras tanto no tiene que pagar el importe en cuestión.',
        ],
      },
      {
        heading: 'Sin facturas sorpresa',
        paragraphs: [
          'Si tiene seguro médico, no debería recibir una factura sorpresa por atención de urgencia, ni por la atención de un proveedor fuera de la red en un centro de la red. Si no tiene seguro o no lo usa, puede pedir una estimación de buena fe del coste antes de recibir la atención.',
        ],
      },
      {
        heading: 'Ayuda para pagar',
        paragraphs: [`Puede pedir un plan de pagos o ayuda financiera: la política de ayuda financiera de ${client} explica cómo.`],
      },
      {
        heading: 'Su privacidad',
        paragraphs: ['Usamos sus datos de facturación solo para facturar su atención y cobrarla, y los protegemos como exige la ley.'],
      },
    ],
  }),
};

const contacts: Record<Language, ContactLabels> = {
  'en-US': { heading: 'Contact us', phone: 'Phone', mail: 'Mail', onYourBill: 'Contact us using the details on your bill.' },
  'es-ES': { heading: 'Contacto', phone: 'Teléfono', mail: 'Correo postal', onYourBill: 'Contacte con nosotros con los datos de su factura.' },
};

/** The document's words in this language, for this client's name. */
export function publicDocumentText(kind: PublicDocumentKind, language: Language, clientName: string): PublicDocumentText {
  return (language === 'es-ES' ? spanish : english)[kind](clientName);
}

const fileWords: Record<Language, Record<PublicDocumentKind, string>> = {
  'en-US': { financialAssistancePolicy: 'financial-assistance-policy', billingRightsNotice: 'billing-rights-notice' },
  'es-ES': { financialAssistancePolicy: 'politica-de-ayuda-financiera', billingRightsNotice: 'aviso-de-derechos-de-facturacion' },
};

/** The document's name in a file name: ASCII words, dash-separated, in the language. */
export function publicDocumentFileWords(kind: PublicDocumentKind, language: Language): string {
  return fileWords[language][kind];
}

/** The words of the closing contact section in this language. */
export function contactLabels(language: Language): ContactLabels {
  return contacts[language];
}
