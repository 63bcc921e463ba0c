/** Where the secret of the data folder `dataDir` lives: `<parent>/<folder name>.session-secret`. */
export function sessionSecretPath(dataDir: string): string;
/** The secret for `dataDir`, made when there is none; one kept inside the folder is moved out. */
export function localSessionSecret(dataDir: string): string;
