/** pdfkit 0.20 takes more than its community types (@types/pdfkit 0.17) declare. */
declare namespace PDFKit.Mixins {
  interface StructureElementOptions {
    /** A TH's scope, written as the element's Table attribute (/A << /O /Table /Scope ... >>). */
    scope?: 'Row' | 'Column' | 'Both';
  }

  interface PDFFont {
    /** A font fontkit has already read, which documents can share rather than each reading the file again. */
    registerFont(name: string, src: import('fontkit').Font): this;
  }
}
