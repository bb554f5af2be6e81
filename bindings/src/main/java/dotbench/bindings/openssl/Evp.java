package dotbench.bindings.openssl;

import dotbench.bindings.LibraryVariant;
import dotbench.bindings.generated.openssl.EVP_PKEY_CTX_free_fn;
import dotbench.bindings.generated.openssl.EVP_PKEY_CTX_new_fn;
import dotbench.bindings.generated.openssl.EVP_PKEY_CTX_new_from_name_fn;
import dotbench.bindings.generated.openssl.EVP_PKEY_CTX_set_dsa_paramgen_bits_fn;
import dotbench.bindings.generated.openssl.EVP_PKEY_CTX_set_dsa_paramgen_q_bits_fn;
import dotbench.bindings.generated.openssl.EVP_PKEY_CTX_set_dsa_paramgen_type_fn;
import dotbench.bindings.generated.openssl.EVP_PKEY_CTX_set_group_name_fn;
import dotbench.bindings.generated.openssl.EVP_PKEY_CTX_set_kem_op_fn;
import dotbench.bindings.generated.openssl.EVP_PKEY_CTX_set_rsa_keygen_bits_fn;
import dotbench.bindings.generated.openssl.EVP_PKEY_check_fn;
import dotbench.bindings.generated.openssl.EVP_PKEY_decapsulate_fn;
import dotbench.bindings.generated.openssl.EVP_PKEY_decapsulate_init_fn;
import dotbench.bindings.generated.openssl.EVP_PKEY_decrypt_fn;
import dotbench.bindings.generated.openssl.EVP_PKEY_decrypt_init_fn;
import dotbench.bindings.generated.openssl.EVP_PKEY_derive_fn;
import dotbench.bindings.generated.openssl.EVP_PKEY_derive_init_fn;
import dotbench.bindings.generated.openssl.EVP_PKEY_derive_set_peer_fn;
import dotbench.bindings.generated.openssl.EVP_PKEY_encapsulate_fn;
import dotbench.bindings.generated.openssl.EVP_PKEY_encapsulate_init_fn;
import dotbench.bindings.generated.openssl.EVP_PKEY_encrypt_fn;
import dotbench.bindings.generated.openssl.EVP_PKEY_encrypt_init_fn;
import dotbench.bindings.generated.openssl.EVP_PKEY_free_fn;
import dotbench.bindings.generated.openssl.EVP_PKEY_get_bits_fn;
import dotbench.bindings.generated.openssl.EVP_PKEY_is_a_fn;
import dotbench.bindings.generated.openssl.EVP_PKEY_keygen_fn;
import dotbench.bindings.generated.openssl.EVP_PKEY_keygen_init_fn;
import dotbench.bindings.generated.openssl.EVP_PKEY_paramgen_fn;
import dotbench.bindings.generated.openssl.EVP_PKEY_paramgen_init_fn;
import dotbench.bindings.generated.openssl.EVP_PKEY_sign_fn;
import dotbench.bindings.generated.openssl.EVP_PKEY_sign_init_fn;
import dotbench.bindings.generated.openssl.EVP_PKEY_verify_fn;
import dotbench.bindings.generated.openssl.EVP_PKEY_verify_init_fn;
import java.lang.foreign.MemorySegment;

/**
 * The EVP_PKEY functions of one loaded libcrypto (openssl/evp.h, and the EVP_PKEY_CTX setters of
 * rsa.h and dsa.h), by their C names: what the timed loops call directly, as openssl speed does.
 * Each is found in this variant's own lookup and called through jextract's descriptor of it.
 */
public final class Evp {
    private final MemorySegment EVP_PKEY_free;
    private final MemorySegment EVP_PKEY_get_bits;
    private final MemorySegment EVP_PKEY_is_a;
    private final MemorySegment EVP_PKEY_CTX_new;
    private final MemorySegment EVP_PKEY_CTX_new_from_name;
    private final MemorySegment EVP_PKEY_CTX_free;
    private final MemorySegment EVP_PKEY_check;
    private final MemorySegment EVP_PKEY_sign_init;
    private final MemorySegment EVP_PKEY_sign;
    private final MemorySegment EVP_PKEY_verify_init;
    private final MemorySegment EVP_PKEY_verify;
    private final MemorySegment EVP_PKEY_encrypt_init;
    private final MemorySegment EVP_PKEY_encrypt;
    private final MemorySegment EVP_PKEY_decrypt_init;
    private final MemorySegment EVP_PKEY_decrypt;
    private final MemorySegment EVP_PKEY_derive_init;
    private final MemorySegment EVP_PKEY_derive_set_peer;
    private final MemorySegment EVP_PKEY_derive;
    private final MemorySegment EVP_PKEY_paramgen_init;
    private final MemorySegment EVP_PKEY_paramgen;
    private final MemorySegment EVP_PKEY_keygen_init;
    private final MemorySegment EVP_PKEY_keygen;
    private final MemorySegment EVP_PKEY_CTX_set_group_name;
    private final MemorySegment EVP_PKEY_encapsulate_init;
    private final MemorySegment EVP_PKEY_encapsulate;
    private final MemorySegment EVP_PKEY_decapsulate_init;
    private final MemorySegment EVP_PKEY_decapsulate;
    private final MemorySegment EVP_PKEY_CTX_set_kem_op;
    private final MemorySegment EVP_PKEY_CTX_set_rsa_keygen_bits;
    private final MemorySegment EVP_PKEY_CTX_set_dsa_paramgen_type;
    private final MemorySegment EVP_PKEY_CTX_set_dsa_paramgen_bits;
    private final MemorySegment EVP_PKEY_CTX_set_dsa_paramgen_q_bits;

    Evp(LibraryVariant variant) {
        this.EVP_PKEY_free = variant.function("EVP_PKEY_free");
        this.EVP_PKEY_get_bits = variant.function("EVP_PKEY_get_bits");
        this.EVP_PKEY_is_a = variant.function("EVP_PKEY_is_a");
        this.EVP_PKEY_CTX_new = variant.function("EVP_PKEY_CTX_new");
        this.EVP_PKEY_CTX_new_from_name = variant.function("EVP_PKEY_CTX_new_from_name");
        this.EVP_PKEY_CTX_free = variant.function("EVP_PKEY_CTX_free");
        this.EVP_PKEY_check = variant.function("EVP_PKEY_check");
        this.EVP_PKEY_sign_init = variant.function("EVP_PKEY_sign_init");
        this.EVP_PKEY_sign = variant.function("EVP_PKEY_sign");
        this.EVP_PKEY_verify_init = variant.function("EVP_PKEY_verify_init");
        this.EVP_PKEY_verify = variant.function("EVP_PKEY_verify");
        this.EVP_PKEY_encrypt_init = variant.function("EVP_PKEY_encrypt_init");
        this.EVP_PKEY_encrypt = variant.function("EVP_PKEY_encrypt");
        this.EVP_PKEY_decrypt_init = variant.function("EVP_PKEY_decrypt_init");
        this.EVP_PKEY_decrypt = variant.function("EVP_PKEY_decrypt");
        this.EVP_PKEY_derive_init = variant.function("EVP_PKEY_derive_init");
        this.EVP_PKEY_derive_set_peer = variant.function("EVP_PKEY_derive_set_peer");
        this.EVP_PKEY_derive = variant.function("EVP_PKEY_derive");
        this.EVP_PKEY_paramgen_init = variant.function("EVP_PKEY_paramgen_init");
        this.EVP_PKEY_paramgen = variant.function("EVP_PKEY_paramgen");
        this.EVP_PKEY_keygen_init = variant.function("EVP_PKEY_keygen_init");
        this.EVP_PKEY_keygen = variant.function("EVP_PKEY_keygen");
        this.EVP_PKEY_CTX_set_group_name = variant.function("EVP_PKEY_CTX_set_group_name");
        this.EVP_PKEY_encapsulate_init = variant.function("EVP_PKEY_encapsulate_init");
        this.EVP_PKEY_encapsulate = variant.function("EVP_PKEY_encapsulate");
        this.EVP_PKEY_decapsulate_init = variant.function("EVP_PKEY_decapsulate_init");
        this.EVP_PKEY_decapsulate = variant.function("EVP_PKEY_decapsulate");
        this.EVP_PKEY_CTX_set_kem_op = variant.function("EVP_PKEY_CTX_set_kem_op");
        this.EVP_PKEY_CTX_set_rsa_keygen_bits = variant.function("EVP_PKEY_CTX_set_rsa_keygen_bits");
        this.EVP_PKEY_CTX_set_dsa_paramgen_type = variant.function("EVP_PKEY_CTX_set_dsa_paramgen_type");
        this.EVP_PKEY_CTX_set_dsa_paramgen_bits = variant.function("EVP_PKEY_CTX_set_dsa_paramgen_bits");
        this.EVP_PKEY_CTX_set_dsa_paramgen_q_bits = variant.function("EVP_PKEY_CTX_set_dsa_paramgen_q_bits");
    }

    public void EVP_PKEY_free(MemorySegment pkey) {
        EVP_PKEY_free_fn.invoke(EVP_PKEY_free, pkey);
    }

    public int EVP_PKEY_get_bits(MemorySegment pkey) {
        return EVP_PKEY_get_bits_fn.invoke(EVP_PKEY_get_bits, pkey);
    }

    public int EVP_PKEY_is_a(MemorySegment pkey, MemorySegment name) {
        return EVP_PKEY_is_a_fn.invoke(EVP_PKEY_is_a, pkey, name);
    }

    public MemorySegment EVP_PKEY_CTX_new(MemorySegment pkey, MemorySegment engine) {
        return EVP_PKEY_CTX_new_fn.invoke(EVP_PKEY_CTX_new, pkey, engine);
    }

    public MemorySegment EVP_PKEY_CTX_new_from_name(MemorySegment libctx, MemorySegment name, MemorySegment propquery) {
        return EVP_PKEY_CTX_new_from_name_fn.invoke(EVP_PKEY_CTX_new_from_name, libctx, name, propquery);
    }

    public void EVP_PKEY_CTX_free(MemorySegment ctx) {
        EVP_PKEY_CTX_free_fn.invoke(EVP_PKEY_CTX_free, ctx);
    }

    public int EVP_PKEY_check(MemorySegment ctx) {
        return EVP_PKEY_check_fn.invoke(EVP_PKEY_check, ctx);
    }

    public int EVP_PKEY_sign_init(MemorySegment ctx) {
        return EVP_PKEY_sign_init_fn.invoke(EVP_PKEY_sign_init, ctx);
    }

    public int EVP_PKEY_sign(
            MemorySegment ctx, MemorySegment sig, MemorySegment siglen, MemorySegment tbs, long tbslen) {
        return EVP_PKEY_sign_fn.invoke(EVP_PKEY_sign, ctx, sig, siglen, tbs, tbslen);
    }

    public int EVP_PKEY_verify_init(MemorySegment ctx) {
        return EVP_PKEY_verify_init_fn.invoke(EVP_PKEY_verify_init, ctx);
    }

    public int EVP_PKEY_verify(MemorySegment ctx, MemorySegment sig, long siglen, MemorySegment tbs, long tbslen) {
        return EVP_PKEY_verify_fn.invoke(EVP_PKEY_verify, ctx, sig, siglen, tbs, tbslen);
    }

    public int EVP_PKEY_encrypt_init(MemorySegment ctx) {
        return EVP_PKEY_encrypt_init_fn.invoke(EVP_PKEY_encrypt_init, ctx);
    }

    public int EVP_PKEY_encrypt(
            MemorySegment ctx, MemorySegment out, MemorySegment outlen, MemorySegment in, long inlen) {
        return EVP_PKEY_encrypt_fn.invoke(EVP_PKEY_encrypt, ctx, out, outlen, in, inlen);
    }

    public int EVP_PKEY_decrypt_init(MemorySegment ctx) {
        return EVP_PKEY_decrypt_init_fn.invoke(EVP_PKEY_decrypt_init, ctx);
    }

    public int EVP_PKEY_decrypt(
            MemorySegment ctx, MemorySegment out, MemorySegment outlen, MemorySegment in, long inlen) {
        return EVP_PKEY_decrypt_fn.invoke(EVP_PKEY_decrypt, ctx, out, outlen, in, inlen);
    }

    public int EVP_PKEY_derive_init(MemorySegment ctx) {
        return EVP_PKEY_derive_init_fn.invoke(EVP_PKEY_derive_init, ctx);
    }

    public int EVP_PKEY_derive_set_peer(MemorySegment ctx, MemorySegment peer) {
        return EVP_PKEY_derive_set_peer_fn.invoke(EVP_PKEY_derive_set_peer, ctx, peer);
    }

    public int EVP_PKEY_derive(MemorySegment ctx, MemorySegment key, MemorySegment keylen) {
        return EVP_PKEY_derive_fn.invoke(EVP_PKEY_derive, ctx, key, keylen);
    }

    public int EVP_PKEY_paramgen_init(MemorySegment ctx) {
        return EVP_PKEY_paramgen_init_fn.invoke(EVP_PKEY_paramgen_init, ctx);
    }

    public int EVP_PKEY_paramgen(MemorySegment ctx, MemorySegment ppkey) {
        return EVP_PKEY_paramgen_fn.invoke(EVP_PKEY_paramgen, ctx, ppkey);
    }

    public int EVP_PKEY_keygen_init(MemorySegment ctx) {
        return EVP_PKEY_keygen_init_fn.invoke(EVP_PKEY_keygen_init, ctx);
    }

    public int EVP_PKEY_keygen(MemorySegment ctx, MemorySegment ppkey) {
        return EVP_PKEY_keygen_fn.invoke(EVP_PKEY_keygen, ctx, ppkey);
    }

    public int EVP_PKEY_CTX_set_group_name(MemorySegment ctx, MemorySegment name) {
        return EVP_PKEY_CTX_set_group_name_fn.invoke(EVP_PKEY_CTX_set_group_name, ctx, name);
    }

    public int EVP_PKEY_encapsulate_init(MemorySegment ctx, MemorySegment params) {
        return EVP_PKEY_encapsulate_init_fn.invoke(EVP_PKEY_encapsulate_init, ctx, params);
    }

    public int EVP_PKEY_encapsulate(
            MemorySegment ctx,
            MemorySegment wrappedkey,
            MemorySegment wrappedkeylen,
            MemorySegment genkey,
            MemorySegment genkeylen) {
        return EVP_PKEY_encapsulate_fn.invoke(EVP_PKEY_encapsulate, ctx, wrappedkey, wrappedkeylen, genkey, genkeylen);
    }

    public int EVP_PKEY_decapsulate_init(MemorySegment ctx, MemorySegment params) {
        return EVP_PKEY_decapsulate_init_fn.invoke(EVP_PKEY_decapsulate_init, ctx, params);
    }

    public int EVP_PKEY_decapsulate(
            MemorySegment ctx,
            MemorySegment unwrapped,
            MemorySegment unwrappedlen,
            MemorySegment wrapped,
            long wrappedlen) {
        return EVP_PKEY_decapsulate_fn.invoke(EVP_PKEY_decapsulate, ctx, unwrapped, unwrappedlen, wrapped, wrappedlen);
    }

    public int EVP_PKEY_CTX_set_kem_op(MemorySegment ctx, MemorySegment op) {
        return EVP_PKEY_CTX_set_kem_op_fn.invoke(EVP_PKEY_CTX_set_kem_op, ctx, op);
    }

    public int EVP_PKEY_CTX_set_rsa_keygen_bits(MemorySegment ctx, int bits) {
        return EVP_PKEY_CTX_set_rsa_keygen_bits_fn.invoke(EVP_PKEY_CTX_set_rsa_keygen_bits, ctx, bits);
    }

    public int EVP_PKEY_CTX_set_dsa_paramgen_type(MemorySegment ctx, MemorySegment name) {
        return EVP_PKEY_CTX_set_dsa_paramgen_type_fn.invoke(EVP_PKEY_CTX_set_dsa_paramgen_type, ctx, name);
    }

    public int EVP_PKEY_CTX_set_dsa_paramgen_bits(MemorySegment ctx, int nbits) {
        return EVP_PKEY_CTX_set_dsa_paramgen_bits_fn.invoke(EVP_PKEY_CTX_set_dsa_paramgen_bits, ctx, nbits);
    }

    public int EVP_PKEY_CTX_set_dsa_paramgen_q_bits(MemorySegment ctx, int qbits) {
        return EVP_PKEY_CTX_set_dsa_paramgen_q_bits_fn.invoke(EVP_PKEY_CTX_set_dsa_paramgen_q_bits, ctx, qbits);
    }
}
