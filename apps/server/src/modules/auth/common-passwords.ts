/**
 * The most common passwords from public breach corpora (RockYou, the NCSC top-100k list, yearly
 * "worst passwords" lists), lower-cased and limited to what our length rule would otherwise allow
 * (8+ characters). docs/reliability.md#a2-password-policy asks for a breached-password check; this built-in list covers
 * the passwords credential-stuffing tools try first without a network call or a large file.
 * Comparison is case-insensitive, so `Password1!` and `PASSWORD1!` are refused too.
 */
const LIST = `
password password1 password12 password123 password1234 password12345 password! password1! password123!
password@123 password01 passw0rd passw0rd! p@ssword p@ssw0rd p@ssw0rd1 p@ssw0rd! p@55w0rd pa55word
pa$$word pa$$w0rd password2 password3 password7 password99 mypassword newpassword yourpassword
thepassword passwordpassword secretpassword adminpassword password2020 password2021 password2022
password2023 password2024 password2025 password2026
12345678 123456789 1234567890 12345678910 123456789a 123456789q 1234567890q 12345678a 12345678q
123123123 123321123 1122334455 1111111111 11111111 111111111 00000000 000000000 0000000000
88888888 87654321 987654321 9876543210 0987654321 11223344 12341234 12121212 123412341234
22222222 55555555 66666666 77777777 99999999 147258369 741852963 963852741 123654789 159753159
qwertyuiop qwerty123 qwerty1234 qwerty12345 qwerty123456 qwertyui qwertyuio 1qaz2wsx 1qaz2wsx3edc
zaq12wsx zaq1zaq1 qazwsxedc qazwsxedcrfv 1q2w3e4r 1q2w3e4r5t 1q2w3e4r5t6y q1w2e3r4 q1w2e3r4t5
asdfghjkl asdfghjk asdf1234 zxcvbnm1 zxcvbnm123 qweasdzxc abcd1234 abc12345 abcdefgh abcdefg1
a1b2c3d4 aa123456 aaaaaaaa 1234qwer qwer1234 asdfasdf zxcvzxcv
iloveyou iloveyou1 iloveyou2 iloveyou! ilovegod iloveyou123 loveyou1 lovelove sunshine1
football football1 baseball baseball1 basketball soccer123 superman batman123 spiderman
starwars trustno1 whatever princess princess1 michelle jennifer jessica1 jordan23 michael1
charlie1 maverick computer internet letmein1 letmein! welcome1 welcome123 welcome! welcome2024
changeme changeme1 changeme123 default1 administrator admin123 admin1234 admin12345 root1234
master123 masterkey mustang1 dragon123 monkey123 shadow123 freedom1 whatever1 hello123 hello1234
helloworld football123 sunshine123 chocolate butterfly pokemon1 liverpool chelsea1 arsenal1
manchester barcelona juventus1 samsung1 iphone123 google123 facebook microsoft passport
blink182 linkinpark metallica qwerty1! zaq1@wsx !qaz2wsx 1qazxsw2 q1w2e3r4t5y6 1q2w3e4r! 
casino123 poker123 jackpot1 blackjack roulette lucky777 lucky123 winner123 money123 bitcoin1
abc123456 asdf123456 qwe123456 a123456789 aa12345678 iloveu123 loveme123 secret123 test1234
testtest test12345 password0 unknown1 goodluck thankyou1 babygirl1 nicole123 daniel123
`;

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(LIST.split(/\s+/).filter((p) => p.length > 0));
