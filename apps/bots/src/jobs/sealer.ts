/**
 * Encrypts and decrypts the results of job kinds with sealResult (the vault). Its own module because both the
 * queue (sealing a result) and the store (opening it for the jobs API) use it, and neither imports the other.
 */
export interface Sealer {
  seal(plain: string): string;
  open(sealed: string): string;
}
