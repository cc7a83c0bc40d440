/** The product's name, as mail, PDFs, page titles and the plain public pages print it. */
export const PRODUCT_NAME = 'StampWorks';
